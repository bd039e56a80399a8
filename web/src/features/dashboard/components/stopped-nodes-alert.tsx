import type { OperatorDashboard } from "@pli/api/public-contract";
import { Anchor, List, Text } from "@mantine/core";
import { Link } from "react-router-dom";
import { routes } from "@/shared/config/routes";
import { formatAgo, formatDate } from "@/shared/format/dates";
import { Alert } from "@/shared/ui/alert";
import { WRAP_ANYWHERE } from "@/shared/ui/detail";
import { dashboardMessages } from "../messages";

/** The operator's nodes that stopped answering the monitor, named at the top of the dashboard, with the way to them. */
export function StoppedNodesAlert({ nodes }: { nodes: OperatorDashboard["stoppedNodes"] }) {
  if (nodes.length === 0) return null;
  return (
    <Alert
      tone="error"
      title={dashboardMessages.stoppedTitle(nodes.length)}
      action={
        <Anchor component={Link} to={routes.listNode.href()} size="sm" fw={600}>
          {dashboardMessages.openMyNodes}
        </Anchor>
      }
    >
      <Text size="sm">{dashboardMessages.stoppedBody}</Text>
      <List size="sm" spacing={2}>
        {nodes.map((node) => (
          <List.Item key={node._id}>
            <Text span size="sm" fw={600} style={WRAP_ANYWHERE}>
              {node.name}
            </Text>
            <Text span size="sm" c="dimmed">
              {" · "}
              {node.lastAnsweredAt ? (
                <span title={formatDate(node.lastAnsweredAt, "operatorDashboard")}>
                  {`${dashboardMessages.stoppedLastAnswer} ${formatAgo(node.lastAnsweredAt)}`}
                </span>
              ) : (
                dashboardMessages.stoppedNoAnswer
              )}
            </Text>
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}
