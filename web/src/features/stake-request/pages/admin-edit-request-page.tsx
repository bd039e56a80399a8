import { SimpleGrid, Stack } from "@mantine/core";
import { Navigate, useSearchParams } from "react-router-dom";
import { routes } from "@/shared/config/routes";
import { RecordLoadFailed, RecordLoading } from "@/shared/ui/record-state";
import { EvidenceHistory, ReviewEvidencePanel } from "@/shared/review/review-evidence";
import { Section } from "@/shared/ui/section";
import { StatusBadge } from "@/shared/ui/status-badge";
import { useStakeRequest } from "../api/get-request";
import { StakeRequestDetails } from "../components/request-details";
import { StakeRequestStatusForm } from "../components/request-status-form";

/**
 * One interest request (?id=): its operator, node and the node's stake, and the status form; without an id back to the
 * list. Beside the form, the evidence on the request's node and its operator; below, the node's status history.
 */
export function AdminEditStakeRequestPage() {
  const [search] = useSearchParams();
  const id = search.get("id");
  const request = useStakeRequest(id);
  if (!id) return <Navigate to={routes.adminListStakeRequest.href()} replace />;
  if (request.isPending) return <RecordLoading />;
  if (!request.data) return <RecordLoadFailed error={request.error} />;
  return (
    <Stack gap="md">
      <Section
        title={request.data.nodesetting.name}
        actions={<StatusBadge entity="request" status={request.data.status} />}
      >
        <StakeRequestDetails request={request.data} />
      </Section>
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
        <Section title="Update Status">
          <StakeRequestStatusForm key={request.data.lastUpdatedAt} request={request.data} />
        </Section>
        <ReviewEvidencePanel nodeId={request.data.nodesetting._id} />
      </SimpleGrid>
      <Section title="Node Status History">
        <EvidenceHistory nodeId={request.data.nodesetting._id} />
      </Section>
    </Stack>
  );
}
