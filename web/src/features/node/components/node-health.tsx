import {
  NODE_HEALTH,
  MONITORED_STATUSES,
  REPUTATION_GREEN_ABOVE,
  REPUTATION_SCALE,
  reputationTone,
  reputationViewable,
  type NodeHealth,
  type NodeResponse,
} from "@pli/api/public-contract";
import { Badge, Stack, Text, Tooltip } from "@mantine/core";
import { percent } from "@/shared/format";
import { formatAgo, formatDate } from "@/shared/format/dates";
import { Alert } from "@/shared/ui/alert";
import { Detail, DetailGrid, plainValue } from "@/shared/ui/detail";
import { MULTILINE_BADGE } from "@/shared/ui/status-badge";
import { TONE_COLORS } from "@/shared/theme/theme";
import { nodeMessages } from "../messages";
import { REPUTATION_COLORS } from "../node-display";
import { formatScore } from "@/shared/format";

const isMonitored = (node: NodeResponse) => (MONITORED_STATUSES as readonly string[]).includes(node.status);

function Uptime({ uptime }: { uptime: NodeHealth["uptime24h"] }) {
  if (uptime.ratio === null) return plainValue(nodeMessages.notCheckedYet);
  return (
    <Stack gap={0}>
      <Text size="sm" fw={600}>
        {percent(uptime.ratio)}
      </Text>
      <Text size="xs" c="dimmed">
        {nodeMessages.checksOf(uptime.answered, uptime.checks)}
      </Text>
    </Stack>
  );
}

/** When the node last answered, in words, with the exact date and time on hover or focus. */
function LastAnswer({ health }: { health: NodeHealth }) {
  if (health.lastCheckedAt === null) return plainValue(nodeMessages.notCheckedYet);
  if (health.lastAnsweredAt === null) return plainValue(nodeMessages.noAnswer);
  return (
    <Tooltip label={formatDate(health.lastAnsweredAt, "operatorDashboard")} withArrow>
      <Text size="sm" tabIndex={0} style={{ textDecoration: "underline dotted", width: "fit-content" }}>
        {formatAgo(health.lastAnsweredAt)}
      </Text>
    </Tooltip>
  );
}

function Reputation({ node }: { node: NodeResponse }) {
  const score = node.reputationScore;
  const viewable = reputationViewable(node.status, node.stake.status) && score !== null;
  return (
    <Stack gap={2}>
      <Text size="sm" fw={600} c={viewable ? REPUTATION_COLORS[reputationTone(score)] : undefined}>
        {viewable ? formatScore(score, REPUTATION_SCALE) : nodeMessages.notApplicable}
      </Text>
      <Text size="xs" c="dimmed">
        {nodeMessages.reputationScale(REPUTATION_SCALE, REPUTATION_GREEN_ABOVE)}
      </Text>
    </Stack>
  );
}

/**
 * A node's health from the monitor's checks: uptime over 24 hours and 30 days, its last answer, the checks it missed
 * today and its reputation with its scale; an alert first when it stopped answering (node rules' stoppedAnswering).
 */
export function NodeHealthDetails({ node }: { node: NodeResponse }) {
  const { health } = node;
  return (
    <Stack gap="md">
      {health.down ? (
        <Alert tone="error" title={nodeMessages.stoppedAnswering}>
          {nodeMessages.stoppedAnsweringDetail(NODE_HEALTH.downAfterMisses)}
        </Alert>
      ) : null}
      <DetailGrid>
        <Detail label={nodeMessages.uptime24h}>
          <Uptime uptime={health.uptime24h} />
        </Detail>
        <Detail label={nodeMessages.uptime30d}>
          <Uptime uptime={health.uptime30d} />
        </Detail>
        <Detail label={nodeMessages.lastAnswer}>
          <LastAnswer health={health} />
        </Detail>
        <Detail label={nodeMessages.missedToday}>{plainValue(health.missedToday)}</Detail>
        <Detail label={nodeMessages.reputation}>
          <Reputation node={node} />
        </Detail>
      </DetailGrid>
    </Stack>
  );
}

/** Whether the node's page shows its health: the monitor checks it, or did. */
export const showsHealth = (node: NodeResponse) => isMonitored(node) || node.health.lastCheckedAt !== null;

/** A list's compact health: a red badge when the node stopped answering, else its uptime over 24 hours once checked. */
export function HealthBadge({ node }: { node: NodeResponse }) {
  const { health } = node;
  if (health.down)
    return (
      <Badge variant="filled" color={TONE_COLORS.danger} size="sm" radius="sm" styles={MULTILINE_BADGE}>
        {nodeMessages.stoppedAnswering}
      </Badge>
    );
  if (!isMonitored(node) || health.uptime24h.ratio === null) return null;
  return (
    <Text size="xs" c="dimmed">
      {nodeMessages.uptimeShort}: {percent(health.uptime24h.ratio)}
    </Text>
  );
}
