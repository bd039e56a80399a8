import { MESSAGES, STAKE_REQUEST_STATUS, type StakeRequestStatus } from "@pli/api/public-contract";
import { Button, Stack, Text } from "@mantine/core";
import { settle } from "@/shared/api/settle";
import { formatAgo, formatDate } from "@/shared/format/dates";
import { Alert } from "@/shared/ui/alert";
import { useToast } from "@/shared/ui/toast";
import { useSendStakeRequest } from "../api/send-stake-request";
import { stakingMessages } from "../messages";

function RequestButton({ nodeId }: { nodeId: string }) {
  const send = useSendStakeRequest(nodeId);
  const toast = useToast();
  const onSend = () =>
    void settle(send, undefined, {
      onSuccess: (result) => toast.success(result.message ?? MESSAGES.requestInitiated),
    });
  return (
    <Button onClick={onSend} loading={send.isPending}>
      {stakingMessages.sendRequest}
    </Button>
  );
}

/**
 * What the staking screen shows instead of the deposit view (spec sections 2 and 4): the halted-farming
 * notice with the request button while there is no request, else 'Your Request is {status}' (a
 * Rejected request may be sent again).
 */
export function RequestPanel({
  nodeId,
  status,
  sentAt,
  incentivePercentage,
}: {
  nodeId: string;
  status: StakeRequestStatus | null;
  /** When the request was sent: its age shows while it waits. */
  sentAt?: string;
  incentivePercentage: string | undefined;
}) {
  if (status === null) {
    return (
      <Alert tone="info" title={stakingMessages.halted} action={<RequestButton nodeId={nodeId} />}>
        <Stack gap={4}>
          {incentivePercentage ? <Text size="sm">{stakingMessages.rewards(incentivePercentage)}</Text> : null}
          <Text size="sm">{stakingMessages.interested}</Text>
        </Stack>
      </Alert>
    );
  }
  const rejected = status === STAKE_REQUEST_STATUS.rejected;
  return (
    <Alert
      tone={rejected ? "error" : "warning"}
      title={stakingMessages.requestStatus(status)}
      action={rejected ? <RequestButton nodeId={nodeId} /> : undefined}
    >
      <Stack gap={4}>
        {sentAt && !rejected ? (
          <Text size="sm">
            {stakingMessages.requestSent}{" "}
            <Text component="span" inherit fw={600} title={formatDate(sentAt, "operatorDashboard")}>
              {formatAgo(sentAt)}
            </Text>
            . {stakingMessages.requestNext}
          </Text>
        ) : null}
        <Text size="sm">{rejected ? stakingMessages.requestAgain : stakingMessages.requestWaiting}</Text>
      </Stack>
    </Alert>
  );
}
