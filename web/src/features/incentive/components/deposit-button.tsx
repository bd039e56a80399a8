import { PendingTxAlert } from "@/chain/pending-tx-alert";
import { depositAmountError, parsePliAmount, pliText } from "@pli/api/public-contract";
import { Button, Group, Modal, Stack, Text, TextInput } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { IconCoins } from "@tabler/icons-react";
import { useState } from "react";
import { useConnection } from "wagmi";
import { safeModeMessages } from "@/chain/safe/messages";
import { useSafeInfo } from "@/chain/safe/safe-api";
import { TxProgress } from "@/chain/tx-progress";
import { useWalletBalances } from "@/chain/use-balances";
import { Address } from "@/shared/ui/address";
import { Amount } from "@/shared/ui/amount";
import { incentiveMessages } from "../messages";
import { useDeposit } from "./use-deposit";

/**
 * The 'Deposit PLI' dialog's state, held by the screen so another part of it (Pay Now's summary) can open it with an
 * amount filled in and go on once that deposit is made.
 */
export function useDepositDialog() {
  const [opened, { open, close }] = useDisclosure(false);
  const [text, setText] = useState("");
  const [after, setAfter] = useState<(() => void) | null>(null);
  return {
    opened,
    close,
    text,
    setText,
    after,
    open: (amount?: bigint, then?: () => void) => {
      if (amount !== undefined) setText(pliText(amount));
      setAfter(() => then ?? null);
      open();
    },
  };
}

export type DepositDialog = ReturnType<typeof useDepositDialog>;

/**
 * 'Deposit PLI': the amount (spec 5: above 0) in a dialog, then the approve and depositReward transactions from the
 * admin's wallet.
 */
export function DepositButton({ dialog }: { dialog: DepositDialog }) {
  const { opened, close, text, setText } = dialog;
  const [error, setError] = useState<string | null>(null);
  const { deposit, flow } = useDeposit();
  const { address } = useConnection();
  const { pli } = useWalletBalances(address);
  const safe = useSafeInfo();
  const safeMode = safe?.enabled === true;
  const running = flow.state.status === "running";
  const { pending } = flow;

  const onSubmit = async () => {
    const amount = parsePliAmount(text);
    const refusal =
      amount === null && text.trim() !== "" ? incentiveMessages.amountNotNumber : depositAmountError(amount);
    if (refusal !== null || amount === null) {
      setError(refusal);
      return;
    }
    close();
    if (await deposit(amount)) {
      setText("");
      dialog.after?.();
    }
  };

  return (
    <>
      <Button leftSection={<IconCoins size={16} aria-hidden="true" />} onClick={() => dialog.open()} loading={running}>
        {incentiveMessages.depositPli}
      </Button>
      <TxProgress state={flow.state} explorerTxUrl={flow.explorerTxUrl} onClose={flow.reset} />
      <Modal opened={opened} onClose={close} title={incentiveMessages.depositPli} centered>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            void onSubmit();
          }}
        >
          <Stack gap="md">
            <TextInput
              label={incentiveMessages.depositAmount}
              description={safeMode ? safeModeMessages.depositHint : incentiveMessages.depositHint}
              inputMode="decimal"
              autoComplete="off"
              data-autofocus
              value={text}
              onChange={(event) => {
                setText(event.currentTarget.value);
                setError(null);
              }}
              error={error}
              errorProps={{ role: "alert" }}
            />
            {safeMode ? (
              <Stack gap={4}>
                <Text size="sm">
                  {safeModeMessages.safeBalance}:{" "}
                  <Amount wei={safe.pliBalance === undefined ? undefined : BigInt(safe.pliBalance)} size="sm" />
                </Text>
                <Group gap={6} wrap="wrap">
                  <Text size="sm">{safeModeMessages.fundSafe}</Text>
                  <Address value={safe.safe!} />
                </Group>
              </Stack>
            ) : address ? (
              <Text size="sm">
                {incentiveMessages.walletBalance}: <Amount wei={pli} size="sm" />
              </Text>
            ) : null}
            {pending !== null && !running ? (
              <PendingTxAlert hash={pending} action={incentiveMessages.depositAction} />
            ) : null}
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={close}>
                Cancel
              </Button>
              <Button type="submit" disabled={pending !== null}>
                {incentiveMessages.depositSubmit}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </>
  );
}
