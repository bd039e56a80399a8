import { MESSAGES, payoutSummary, type IncentiveResponse } from "@pli/api/public-contract";
import { Button, Group, Modal, Stack, Text } from "@mantine/core";
import { useSafeInfo } from "@/chain/safe/safe-api";
import { formatTokenExact } from "@/shared/format";
import { Alert } from "@/shared/ui/alert";
import { Amount } from "@/shared/ui/amount";
import { Detail, DetailGrid } from "@/shared/ui/detail";
import { incentiveMessages } from "../messages";

interface PayoutSummaryProps {
  opened: boolean;
  rows: IncentiveResponse[];
  /** The reward pool as the API reports it (indexed from the chain); undefined while it loads. */
  pool: bigint | undefined;
  onClose: () => void;
  onContinue: () => void;
  onDeposit: (shortfall: bigint) => void;
}

/**
 * Pay Now's first step: what the payout will do, in exact PLI (4 decimals can show a short pool as equal to the
 * total). A short pool shows spec 8's message with the shortfall and a deposit of the difference; Continue leads to
 * the typed confirmation only when the pool covers the total. In Safe mode the whole payout is one Safe transaction.
 */
export function PayoutSummary({ opened, rows, pool, onClose, onContinue, onDeposit }: PayoutSummaryProps) {
  const summary =
    pool === undefined
      ? null
      : payoutSummary(
          rows.map((row) => ({ wallet: row.walletAddress, token: BigInt(row.token) })),
          pool,
        );
  const short = summary !== null && summary.shortfall > 0n;
  const safeMode = useSafeInfo()?.enabled === true;
  const transactions = (n: number) =>
    safeMode ? incentiveMessages.summaryTransactionsSafe(n) : incentiveMessages.summaryTransactionsValue(n);
  return (
    <Modal opened={opened} onClose={onClose} title={incentiveMessages.summaryTitle} centered size="lg">
      <Stack gap="md">
        <DetailGrid>
          <Detail label={incentiveMessages.summaryRecipients}>
            <Text size="sm">{summary?.recipients ?? "…"}</Text>
          </Detail>
          <Detail label={incentiveMessages.summaryIncentives}>
            <Text size="sm">{rows.length}</Text>
          </Detail>
          <Detail label={incentiveMessages.summaryTotal}>
            <Amount exact wei={summary?.total} size="sm" fw={700} testId="payout-total" />
          </Detail>
          <Detail label={incentiveMessages.summaryTransactions}>
            <Text size="sm">{summary ? transactions(summary.transactions) : "…"}</Text>
          </Detail>
          <Detail label={incentiveMessages.summaryPool}>
            <Amount exact wei={pool} size="sm" testId="payout-pool" />
          </Detail>
          {short ? (
            <Detail label={incentiveMessages.summaryShortfall}>
              <Amount
                exact
                wei={summary.shortfall}
                size="sm"
                fw={700}

                testId="payout-shortfall"
              />
            </Detail>
          ) : (
            <Detail label={incentiveMessages.summaryPoolAfter}>
              <Amount exact wei={summary?.poolAfter ?? undefined} size="sm" testId="payout-pool-after" />
            </Detail>
          )}
        </DetailGrid>
        {short ? (
          <Alert
            tone="error"
            title={MESSAGES.insufficientRewardPool}
            action={<Button onClick={() => onDeposit(summary.shortfall)}>{incentiveMessages.depositDifference}</Button>}
          >
            {incentiveMessages.shortBy(formatTokenExact(summary.shortfall))}
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={onContinue} disabled={summary === null || short}>
            {incentiveMessages.summaryContinue}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
