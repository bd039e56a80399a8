import { Button, Group, Stack } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router-dom";
import { useWalletBalances } from "@/chain/use-balances";
import { routes } from "@/shared/config/routes";
import { useSession } from "@/shared/session/session-provider";
import { totalStakedQueryOptions } from "@/shared/session/total-staked";
import { Address } from "@/shared/ui/address";
import { Amount } from "@/shared/ui/amount";
import { Detail, DetailGrid } from "@/shared/ui/detail";
import { Section } from "@/shared/ui/section";
import { PositionsTable } from "../components/positions-table";
import { stakingMessages } from "../messages";

/** 'My Wallet' (/listwallet): the session's wallet with its PLI and XDC, the total staked, and the stake per node. */
export function MyWalletPage() {
  const { wallet } = useSession();
  const { pli, native } = useWalletBalances(wallet);
  const total = useQuery(totalStakedQueryOptions());
  return (
    <Stack gap="md">
      <Section
        title={stakingMessages.walletTitle}
        actions={
          <Group gap="xs">
            <Button component={Link} to={routes.transactions.href()} variant="default" size="sm">
              {stakingMessages.transactions}
            </Button>
            <Button component={Link} to={routes.additionalStake.href()} variant="default" size="sm">
              {stakingMessages.additionalStake}
            </Button>
          </Group>
        }
      >
        <DetailGrid cols={4}>
          <Detail label="Wallet Address">{wallet ? <Address value={wallet} /> : null}</Detail>
          <Detail label="PLI">
            <Amount wei={pli} size="sm" testId="wallet-pli" />
          </Detail>
          <Detail label="XDC">
            <Amount wei={native} unit="XDC" size="sm" testId="wallet-xdc" />
          </Detail>
          <Detail label={stakingMessages.totalStaked}>
            <Amount wei={total.data} size="sm" testId="wallet-total-staked" />
          </Detail>
        </DetailGrid>
      </Section>
      <Section
        title={stakingMessages.positionsTitle}
        actions={
          <Button component={Link} to={routes.listNode.href()} variant="default" size="sm">
            {stakingMessages.myNodes}
          </Button>
        }
      >
        <PositionsTable />
      </Section>
    </Stack>
  );
}
