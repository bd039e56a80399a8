import { Anchor, Badge, Box, Group, List, Stack, Text, Title } from "@mantine/core";
import type { UseQueryResult } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { Link } from "react-router-dom";
import { errorMessage } from "@/shared/api/http";
import { messages } from "@/shared/config/messages";
import { routes } from "@/shared/config/routes";
import { formatDate } from "@/shared/format/dates";
import { TONE_COLORS } from "@/shared/theme/theme";
import { Alert } from "@/shared/ui/alert";
import { Amount } from "@/shared/ui/amount";
import { Detail, DetailGrid, plainValue, WRAP_ANYWHERE } from "@/shared/ui/detail";
import { Section } from "@/shared/ui/section";
import { StatusBadge } from "@/shared/ui/status-badge";
import { useReviewEvidence, type ReviewEvidence } from "./get-review-evidence";
import { StatusHistory } from "./status-history";

type HardwareCheck = ReviewEvidence["hardware"]["ram"];

/** A figure against its minimum, with the API's verdict as a badge. */
function HardwareDetail({ label, check }: { label: string; check: HardwareCheck }) {
  return (
    <Detail label={label}>
      <Group gap="xs" wrap="wrap">
        <Text size="sm">
          {check.value} GB (minimum {check.minimum} GB)
        </Text>
        <Badge variant="light" color={check.meets ? TONE_COLORS.success : TONE_COLORS.danger}>
          {check.meets ? "Meets minimum" : "Below minimum"}
        </Badge>
      </Group>
    </Detail>
  );
}

/** Today's monitor checks, and when the node last answered one. */
export function MonitorDetail({ monitor }: { monitor: ReviewEvidence["monitor"] }) {
  const { probesToday, answeredToday, lastAnsweredDay } = monitor;
  const tone =
    probesToday === 0
      ? "muted"
      : answeredToday === probesToday
        ? "success"
        : answeredToday === 0
          ? "danger"
          : "warning";
  return (
    <Detail label="Monitor">
      <Stack gap={4}>
        <Group gap="xs" wrap="wrap">
          <Badge variant="light" color={TONE_COLORS[tone]}>
            {probesToday === 0 ? "Not checked today" : `Answered ${answeredToday} of ${probesToday} checks today`}
          </Badge>
        </Group>
        <Text size="sm" c="dimmed">
          {lastAnsweredDay ? `Last answered on ${formatDate(lastAnsweredDay)}` : "Never answered the monitor"}
        </Text>
      </Stack>
    </Detail>
  );
}

function OtherNodes({ nodes }: { nodes: ReviewEvidence["operator"]["otherNodes"] }) {
  return (
    <Detail label={`Other nodes (${nodes.length})`}>
      {nodes.length === 0 ? (
        plainValue("None")
      ) : (
        <List listStyleType="none" spacing={6} aria-label="Other nodes">
          {nodes.map((node) => (
            <List.Item key={node._id}>
              <Group gap="xs" wrap="wrap">
                <Text size="sm" style={WRAP_ANYWHERE}>
                  {node.name}
                </Text>
                <StatusBadge entity="node" status={node.status} />
                {node.stakeStatus ? <StatusBadge entity="stake" status={node.stakeStatus} /> : null}
              </Group>
            </List.Item>
          ))}
        </List>
      )}
    </Detail>
  );
}

function StakeRequests({ requests }: { requests: ReviewEvidence["operator"]["requests"] }) {
  return (
    <Detail label={`Stake requests (${requests.length})`}>
      {requests.length === 0 ? (
        plainValue("None")
      ) : (
        <List listStyleType="none" spacing={6} aria-label="Stake requests">
          {requests.map((request) => (
            <List.Item key={request._id}>
              <Stack gap={2}>
                <Anchor
                  component={Link}
                  to={routes.adminEditStakeRequest.href(request._id)}
                  size="sm"
                  style={WRAP_ANYWHERE}
                >
                  {request.nodeName}
                </Anchor>
                <Group gap="xs">
                  <StatusBadge entity="request" status={request.status} />
                  <Text size="sm" c="dimmed">
                    {formatDate(request.date)}
                  </Text>
                </Group>
              </Stack>
            </List.Item>
          ))}
        </List>
      )}
    </Detail>
  );
}

/** The "Review Evidence" section of a review page: loading, the API's error, or what the evidence shows. */
export function EvidenceSection<T>({
  evidence,
  children,
}: {
  evidence: UseQueryResult<T>;
  children: (data: T) => ReactNode;
}) {
  return (
    <Box component="section" aria-label="Review Evidence">
      <Section title="Review Evidence">
        {evidence.isPending ? (
          <Text size="sm" c="dimmed">
            {messages.loading}
          </Text>
        ) : !evidence.data ? (
          <Alert tone="error" title={errorMessage(evidence.error)} />
        ) : (
          <Stack gap="lg">{children(evidence.data)}</Stack>
        )}
      </Section>
    </Box>
  );
}

/**
 * What a review rests on, beside the admin's status form: whether the node meets the node rules (the API's verdict),
 * whether it answers the monitor, and its operator's other nodes, stake and requests.
 */
export function ReviewEvidencePanel({ nodeId }: { nodeId: string }) {
  return (
    <EvidenceSection evidence={useReviewEvidence(nodeId)}>
      {(data) => (
        <>
          <DetailGrid>
            <HardwareDetail label="RAM" check={data.hardware.ram} />
            <HardwareDetail label="Storage" check={data.hardware.storage} />
            <MonitorDetail monitor={data.monitor} />
          </DetailGrid>
          <Title order={3}>Operator</Title>
          <DetailGrid>
            <Detail label="Stake on all nodes">
              <Amount size="sm" wei={BigInt(data.operator.totalStaked)} />
            </Detail>
            <OtherNodes nodes={data.operator.otherNodes} />
            <StakeRequests requests={data.operator.requests} />
          </DetailGrid>
        </>
      )}
    </EvidenceSection>
  );
}

/** The node's status history from the review evidence, for a review page whose record does not carry it. */
export function EvidenceHistory({ nodeId }: { nodeId: string }) {
  const evidence = useReviewEvidence(nodeId);
  return <StatusHistory history={evidence.data?.history ?? []} />;
}
