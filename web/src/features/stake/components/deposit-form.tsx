import {
  effectiveMinimum,
  lowBalance,
  maximumLeft,
  maxStakeAmount,
  MESSAGES,
  pliText,
  stakeActionsShown,
  stakeStepError,
  type NodeResponse,
  type StakeLimits,
} from "@pli/api/public-contract";
import { Button, Divider, Group, Stack, Text, TextInput } from "@mantine/core";
import { IconCheck } from "@tabler/icons-react";
import { useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import type { Address, TransactionReceipt } from "viem";
import { PendingTxAlert } from "@/chain/pending-tx-alert";
import { TxProgress } from "@/chain/tx-progress";
import { reportError } from "@/shared/api/settle";
import { Alert } from "@/shared/ui/alert";
import { useDialogs } from "@/shared/ui/dialogs";
import { stakeKeys } from "../api/keys";
import { sendStakeHint } from "../api/send-stake-hint";
import { stakingMessages } from "../messages";
import { amountFieldError, parseAmountInput, withMaximumLeft } from "../stake-amount";
import { stakingBlocked } from "../staking-display";
import { useStakeTxs } from "./stake-txs";
import { useStakeAllowance } from "./use-allowance";
import { formatTokenExact } from "@/shared/format";

interface DepositFormProps {
  node: NodeResponse;
  wallet: Address;
  stakeSoFar: bigint;
  balance: bigint;
  limits: StakeLimits;
}

/**
 * The deposit view of an Approved request: the amount with spec 5's rules (the API's functions),
 * 'Sign Transaction' (approve exactly the amount; skipped when the allowance covers it), then
 * 'Continue to Deposit' (stakeTokens for a first stake, topupStake after), or both in one
 * transferAndCall. Each write goes through the one transaction flow and waits until the API shows the
 * new total; the transaction hash is then handed to the API as a hint.
 */
export function DepositForm({ node, wallet, stakeSoFar, balance, limits }: DepositFormProps) {
  const [text, setText] = useState("");
  const input = parseAmountInput(text);
  const { amount } = input;
  const txs = useStakeTxs(node);
  const allowance = useStakeAllowance(wallet);
  const { alert } = useDialogs();
  const queryClient = useQueryClient();

  const form = { amount, stakeSoFar, balance, limits };
  const left = maximumLeft(stakeSoFar, limits);
  const max = maxStakeAmount(form);
  const maxReasonId = useId();
  const first = stakeSoFar === 0n;
  const covered = amount !== null && allowance.data !== undefined && allowance.data >= amount;
  const running = txs.flow.state.status === "running";
  const { pending } = txs.flow;
  const busy = running || pending !== null;
  const blocked = stakingBlocked(node.stake.status);

  const refuse = async (steps: ("sign" | "stake")[]) => {
    const refusal = steps.map((step) => stakeStepError(step, form)).find((message) => message !== null);
    if (refusal)
      await alert({
        title: refusal,
        text:
          refusal === MESSAGES.stakeMaximumReached ? stakingMessages.maximumLeft(formatTokenExact(left)) : undefined,
        tone: "warning",
      });
    return Boolean(refusal);
  };

  const staked = async (receipt: TransactionReceipt) => {
    setText("");
    await sendStakeHint(node._id, receipt.transactionHash).catch(reportError);
    await queryClient.invalidateQueries({ queryKey: stakeKeys.all });
    await alert({ title: MESSAGES.stakingDone, text: MESSAGES.stakingDoneText, tone: "success" });
  };

  const onSign = async () => {
    if (amount === null || (await refuse(["sign"]))) return;
    await txs.approve(amount).then(
      () => allowance.refetch(),
      () => undefined,
    );
  };
  const onDeposit = async () => {
    if (amount === null || (await refuse(["stake"]))) return;
    await txs.stake(amount, first).then(staked, () => undefined);
  };
  const onStakeInOne = async () => {
    if (amount === null || (await refuse(["sign", "stake"]))) return;
    await txs.stakeInOne(amount, first).then(staked, () => undefined);
  };

  const minimum = formatTokenExact(effectiveMinimum(stakeSoFar, limits));
  const actions = !blocked && stakeActionsShown(form);
  return (
    <Stack gap="md">
      <TxProgress state={txs.flow.state} explorerTxUrl={txs.flow.explorerTxUrl} onClose={txs.flow.reset} />
      {pending !== null && !running ? <PendingTxAlert hash={pending} action={stakingMessages.stakingAction} /> : null}
      {lowBalance(form) ? <Alert tone="warning" title={MESSAGES.stakeLowBalance} /> : null}
      {blocked ? <Alert tone="info" title={stakingMessages.unlockedNote} /> : null}
      {stakeSoFar >= limits.maximum ? (
        <Alert tone="info" title={MESSAGES.stakeMaximumReached}>
          {stakingMessages.maximumReachedNote}
        </Alert>
      ) : null}
      <TextInput
        label={stakingMessages.amountLabel}
        description={stakingMessages.limits(minimum, formatTokenExact(limits.multiple), formatTokenExact(left))}
        inputMode="decimal"
        autoComplete="off"
        rightSection={
          <Group gap={6} wrap="nowrap">
            <Text size="sm">PLI</Text>
            <Button
              variant="light"
              size="compact-sm"
              onClick={() => max.amount !== null && setText(pliText(max.amount))}
              disabled={max.amount === null || busy || blocked}
              aria-label={
                max.amount === null ? stakingMessages.max : stakingMessages.maxFills(formatTokenExact(max.amount))
              }
              aria-describedby={max.amount === null ? maxReasonId : undefined}
            >
              {stakingMessages.max}
            </Button>
          </Group>
        }
        rightSectionWidth={96}
        rightSectionPointerEvents="all"
        maw={420}
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
        error={withMaximumLeft(amountFieldError(input, stakeSoFar, limits), left)}
        errorProps={{ role: "alert" }}
        disabled={busy || blocked}
      />
      {max.amount === null && !blocked ? (
        <Text id={maxReasonId} size="sm" c="dimmed">
          {stakingMessages.maxUnavailable(withMaximumLeft(max.reason, left) ?? max.reason)}
        </Text>
      ) : null}
      {actions ? (
        <Stack gap="sm">
          <Group gap="sm">
            <Button
              onClick={() => void onSign()}
              disabled={covered || busy}
              leftSection={covered ? <IconCheck size={16} /> : undefined}
            >
              {stakingMessages.signTransaction}
            </Button>
            <Button onClick={() => void onDeposit()} disabled={!covered || busy}>
              {stakingMessages.continueToDeposit}
            </Button>
          </Group>
          <Text size="sm" c="dimmed">
            {covered ? stakingMessages.allowanceCovers : stakingMessages.signFirst}
          </Text>
          <Divider />
          <Text size="sm">{stakingMessages.oneTransactionNote}</Text>
          <Group>
            <Button variant="light" onClick={() => void onStakeInOne()} disabled={busy}>
              {stakingMessages.oneTransaction}
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Stack>
  );
}
