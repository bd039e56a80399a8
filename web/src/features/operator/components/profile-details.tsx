import { TWOFA, type OperatorResponse } from "@pli/api/public-contract";
import { SimpleGrid, Stack, Text } from "@mantine/core";
import type { ReactNode } from "react";
import { formatDate } from "@/shared/format/dates";
import { Address } from "@/shared/ui/address";

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <div>{children}</div>
    </Stack>
  );
}

export function ProfileDetails({ me }: { me: OperatorResponse }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg" verticalSpacing="md">
      <Detail label="Wallet Address">
        <Address value={me.walletAddress} />
      </Detail>
      <Detail label="Email">
        <Text size="sm">{me.email || "-"}</Text>
      </Detail>
      <Detail label="Role">
        <Text size="sm">{me.userRole}</Text>
      </Detail>
      <Detail label="Two-factor authentication">
        <Text size="sm">{me.twofa === TWOFA.yes ? "Enabled" : "Not enabled"}</Text>
      </Detail>
      <Detail label="Member since">
        <Text size="sm">{formatDate(me.createdAt)}</Text>
      </Detail>
    </SimpleGrid>
  );
}
