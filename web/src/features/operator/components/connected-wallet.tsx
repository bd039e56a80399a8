import { Group, Paper, Text } from "@mantine/core";
import type { Address as WalletAddress } from "viem";
import { Address } from "@/shared/ui/address";
import { authMessages } from "../messages";

export function ConnectedWallet({ address, walletName }: { address: WalletAddress; walletName?: string }) {
  return (
    <Paper withBorder p="sm" radius="md" bg="var(--mantine-color-default-hover)">
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text size="sm" c="dimmed">
          {authMessages.connectedAs}
          {walletName ? ` (${walletName})` : ""}
        </Text>
        <Address value={address} />
      </Group>
    </Paper>
  );
}
