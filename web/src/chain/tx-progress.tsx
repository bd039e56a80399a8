import { MESSAGES } from "@pli/api/contract";
import { Alert, Anchor, Button, Group, Modal, Stack, Stepper, Text } from "@mantine/core";
import type { Hex } from "viem";
import { Address } from "@/shared/ui/address";
import { describeTxFailure } from "./tx-failure";
import { TX_STEPS, type TxState } from "./tx-flow";

const STEP_LABELS = {
  wallet: "Confirm in your wallet",
  submitted: "Submitted to the chain",
  mined: "Mined",
  indexed: "Recorded by the portal",
} as const;

interface TxProgressProps {
  state: TxState;
  explorerTxUrl: (hash: Hex) => string;
  onClose: () => void;
}

/** The stages of the running transaction; on failure the spec's message, the reason and the transaction link. */
export function TxProgress({ state, explorerTxUrl, onClose }: TxProgressProps) {
  const steps = TX_STEPS.filter((step) => step !== "indexed" || state.waitsForIndex);
  const active = state.status === "done" ? steps.length : steps.indexOf(state.step) + (state.step === "wallet" ? 0 : 1);
  const failed = state.status === "failed";
  const txLink = state.hash ? (
    <Anchor href={explorerTxUrl(state.hash)} target="_blank" rel="noopener noreferrer" size="sm">
      View Transaction
    </Anchor>
  ) : null;
  return (
    <Modal opened={state.status === "running" || failed} onClose={onClose} title={state.label} centered closeOnEscape={failed} closeOnClickOutside={false} withCloseButton={failed}>
      <Stack gap="md">
        <Stepper active={active} orientation="vertical" size="sm" color={failed ? "red" : undefined} allowNextStepsSelect={false}>
          {steps.map((step) => (
            <Stepper.Step key={step} label={STEP_LABELS[step]} loading={!failed && state.status === "running" && steps[active] === step} description={step === "submitted" && state.hash ? <Address value={state.hash} /> : undefined} />
          ))}
        </Stepper>
        {state.status === "running" && state.step !== "wallet" ? (
          <Text size="sm" c="dimmed">
            The result is recorded from the chain even if you close this window.
          </Text>
        ) : null}
        {failed && state.failure ? (
          <Alert color="red" variant="light" title={MESSAGES.chainError} role="alert">
            <Stack gap={6}>
              <Text size="sm">{describeTxFailure(state.failure)}</Text>
              <Text size="sm">{MESSAGES.chainTryAgain}</Text>
              {txLink}
            </Stack>
          </Alert>
        ) : null}
        {failed ? (
          <Group justify="flex-end">
            <Button onClick={onClose}>OK</Button>
          </Group>
        ) : null}
      </Stack>
    </Modal>
  );
}
