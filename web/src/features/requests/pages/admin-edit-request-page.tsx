import { Stack } from "@mantine/core";
import { Navigate, useSearchParams } from "react-router-dom";
import { routes } from "@/shared/config/routes";
import { RecordLoadFailed, RecordLoading } from "@/shared/ui/record-state";
import { Section } from "@/shared/ui/section";
import { StatusBadge } from "@/shared/ui/status-badge";
import { useRequest } from "../api/get-request";
import { RequestDetails } from "../components/request-details";
import { RequestStatusForm } from "../components/request-status-form";

/** One interest request (?id=): its operator, node and the node's stake, and the status form; without an id back to the list. */
export function AdminEditRequestPage() {
  const [search] = useSearchParams();
  const id = search.get("id");
  const request = useRequest(id);
  if (!id) return <Navigate to={routes.adminListRequest.href()} replace />;
  if (request.isPending) return <RecordLoading />;
  if (!request.data) return <RecordLoadFailed error={request.error} />;
  return (
    <Stack gap="md">
      <Section title={request.data.nodesetting.name} actions={<StatusBadge entity="request" status={request.data.status} />}>
        <RequestDetails request={request.data} />
      </Section>
      <Section title="Update Status">
        <RequestStatusForm key={request.data.lastUpdatedAt} request={request.data} />
      </Section>
    </Stack>
  );
}
