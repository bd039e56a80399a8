import { Button, Group, SimpleGrid, Stack, Text } from "@mantine/core";
import type { ReactNode } from "react";
import { Link } from "react-router-dom";
import type { Address } from "viem";
import { useWalletBalances } from "@/chain/use-balances";
import { routes } from "@/shared/config/routes";
import { useTotalStaked } from "@/shared/session/total-staked";
import { Amount } from "@/shared/ui/amount";

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Group justify="space-between" gap="xs" wrap="nowrap">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      {children}
    </Group>
  );
}

/** The wallet's PLI and XDC balances, read from the chain. */
function WalletBalances({ wallet }: { wallet: Address }) {
  const { pli, native } = useWalletBalances(wallet);
  return (
    <>
      <Row label="PLI">
        <Amount wei={pli} unit="PLI" size="sm" testId="pli-balance" />
      </Row>
      <Row label="XDC">
        <Amount wei={native} unit="XDC" size="sm" testId="native-balance" />
      </Row>
    </>
  );
}

/**
 * Total Staked in a component of its own: the total a live event carries redraws this row alone, without running the
 * balances' chain hooks beside it.
 */
function TotalStaked() {
  const totalStaked = useTotalStaked();
  return (
    <Row label="Total Staked">
      <Amount wei={totalStaked.data} unit="PLI" size="sm" testId="total-staked" />
    </Row>
  );
}

/** The sidebar's wallet block: PLI and XDC balances (4 decimals), Total Staked, Deposit and Staked. */
export function OperatorWallet({ wallet, onNavigate }: { wallet: Address; onNavigate: () => void }) {
  return (
    <Stack gap="md">
      <Stack gap={6} aria-label="Balances">
        <WalletBalances wallet={wallet} />
        <TotalStaked />
      </Stack>
      <SimpleGrid cols={2} spacing="xs">
        <Button component={Link} to={routes.listNode.href()} onClick={onNavigate} size="sm" fullWidth>
          Deposit
        </Button>
        <Button
          component={Link}
          to={routes.transactions.href()}
          onClick={onNavigate}
          size="sm"
          variant="default"
          fullWidth
        >
          Staked
        </Button>
      </SimpleGrid>
    </Stack>
  );
}
