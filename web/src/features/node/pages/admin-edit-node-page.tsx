import { SimpleGrid, Stack } from "@mantine/core";
import { useState } from "react";
import { Navigate } from "react-router-dom";
import { routes } from "@/shared/config/routes";
import { Alert } from "@/shared/ui/alert";
import { RecordLoadFailed, RecordLoading } from "@/shared/ui/record-state";
import { Section } from "@/shared/ui/section";
import { ReviewEvidencePanel } from "@/shared/review/review-evidence";
import { StatusHistory } from "@/shared/review/status-history";
import { StatusBadge } from "@/shared/ui/status-badge";
import { useNode } from "../api/get-node";
import { adminEditNodeStore } from "../api/node-id-store";
import { NodeDetails } from "../components/node-details";
import { NodeHealthDetails, showsHealth } from "../components/node-health";
import { ReviewForm } from "../components/review-form";
import { nodeMessages } from "../messages";
import { reviewRefusal } from "../node-display";

/**
 * The admin's node review: every field read-only, the status form beside the evidence it rests on, and the status
 * history. The node id comes from `editnodesetting`.
 */
export function AdminEditNodePage() {
  const [stored] = useState(adminEditNodeStore.get);
  const node = useNode(stored?._id);
  if (!stored) return <Navigate to={routes.adminListNode.href()} replace />;
  if (node.isPending) return <RecordLoading />;
  if (!node.data) return <RecordLoadFailed error={node.error} />;
  const refusal = reviewRefusal(node.data);
  return (
    <Stack gap="md">
      <Section title={node.data.name} actions={<StatusBadge entity="node" status={node.data.status} />}>
        <NodeDetails node={node.data} />
      </Section>
      {showsHealth(node.data) ? (
        <Section title={nodeMessages.healthTitle}>
          <NodeHealthDetails node={node.data} />
        </Section>
      ) : null}
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
        <Section title="Update Status">
          {refusal ? <Alert tone="info" title={refusal} /> : <ReviewForm key={node.data.updatedAt} node={node.data} />}
        </Section>
        <ReviewEvidencePanel nodeId={node.data._id} />
      </SimpleGrid>
      <Section title="Status History">
        <StatusHistory history={node.data.history ?? []} />
      </Section>
    </Stack>
  );
}
