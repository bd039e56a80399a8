import { MESSAGES } from "@pli/api/public-contract";
import { Alert, Anchor, Button, Group, Loader, Modal, Stack, Text, Timeline } from "@mantine/core";
import { IconCheck, IconX } from "@tabler/icons-react";
import type { Hex } from "viem";
import { Address } from "@/shared/ui/address";
import { NetworkValuesPanel } from "./network-values-panel";
import { describeTxFailure, isOutcomeOpen } from "./tx-failure";
import { completedStages, visibleStages, type TxStage, type TxState } from "./tx-state";

const STAGE_LABELS: Record<TxStage, string> = {
  wallet: "Confirm in your wallet",
  submitted: "Submitted to the chain",
  mined: "Mined",
  indexed: "Recorded by the portal",
};

interface TxProgressProps {
  state: TxState;
  explorerTxUrl: (hash: Hex) => string;
  onClose: () => void;
  /** What to do after a failure, when the screen has its own wording (default 'Try Again!!'). */
  tryAgain?: string;
}

function TxLink({ hash, explorerTxUrl }: { hash: Hex; explorerTxUrl: (hash: Hex) => string }) {
  return (
    <Group gap="xs" wrap="nowrap">
      <Address value={hash} />
      <Anchor href={explorerTxUrl(hash)} target="_blank" rel="noopener noreferrer" size="sm">
        View Transaction
      </Anchor>
    </Group>
  );
}

/**
 * The running transaction's stages (wallet prompt, submitted with its hash and explorer link, mined,
 * recorded by the portal). A failure shows the spec's message with the reason and the transaction; a
 * transaction whose outcome is not known yet is shown as such, never as a failure.
 */
export function TxProgress({ state, explorerTxUrl, onClose, tryAgain = MESSAGES.chainTryAgain }: TxProgressProps) {
  const stages = visibleStages(state);
  const completed = completedStages(state);
  const failed = state.status === "failed";
  const open = failed && state.failure ? isOutcomeOpen(state.failure) : false;
  const link = state.hash ? <TxLink hash={state.hash} explorerTxUrl={explorerTxUrl} /> : null;
  return (
    <Modal
      opened={state.status === "running" || failed}
      onClose={onClose}
      title={state.label}
      centered
      closeOnEscape={failed}
      closeOnClickOutside={false}
      withCloseButton={failed}
    >
      <Stack gap="md">
        <Timeline active={failed && !open ? completed : completed - 1} bulletSize={24} lineWidth={2}>
          {stages.map((stage, index) => {
            const broken = failed && !open && index === completed;
            const running = state.status === "running" && index === completed;
            const bullet = broken ? (
              <IconX size={14} />
            ) : running ? (
              <Loader size={14} />
            ) : index < completed ? (
              <IconCheck size={14} />
            ) : null;
            return (
              <Timeline.Item key={stage} title={STAGE_LABELS[stage]} bullet={bullet} color={broken ? "red" : undefined}>
                {stage === "submitted" && link ? link : null}
              </Timeline.Item>
            );
          })}
        </Timeline>
        {state.status === "running" && state.stage !== "wallet" ? (
          <Text size="sm" c="dimmed">
            The result is recorded from the chain even if you close this window.
          </Text>
        ) : null}
        {failed && state.failure ? (
          <Alert
            color={open ? "orange" : "red"}
            variant="light"
            title={open ? "Outcome not known yet" : MESSAGES.chainError}
            role="alert"
          >
            <Stack gap={6}>
              <Text size="sm">{describeTxFailure(state.failure)}</Text>
              {state.failure.kind === "wrongChain" && state.failure.network ? (
                <NetworkValuesPanel network={state.failure.network} />
              ) : null}
              {open ? null : <Text size="sm">{tryAgain}</Text>}
              {state.hash ? (
                <Anchor href={explorerTxUrl(state.hash)} target="_blank" rel="noopener noreferrer" size="sm">
                  View Transaction
                </Anchor>
              ) : null}
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
