import type { Hex } from "viem";
import { Text } from "@mantine/core";
import { Alert } from "@/shared/ui/alert";
import { ExplorerTx } from "./explorer-links";

export const pendingTxMessages = {
  title: "A transaction you sent is still pending",
  text: (action: string) =>
    `${action} opens again once the chain has mined it (checked every few seconds), so that nothing is sent twice.`,
} as const;

/** Says that `action` waits for the transaction `hash` the person sent earlier (usePendingTx), with its explorer link. */
export function PendingTxAlert({ hash, action }: { hash: Hex; action: string }) {
  return (
    <Alert tone="warning" title={pendingTxMessages.title} action={<ExplorerTx hash={hash} />}>
      <Text size="sm">{pendingTxMessages.text(action)}</Text>
    </Alert>
  );
}
