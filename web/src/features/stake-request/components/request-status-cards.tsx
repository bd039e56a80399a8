import { STAKE_REQUEST_STATUSES, type StakeRequestStatus } from "@pli/api/public-contract";
import { Paper, SimpleGrid, Text } from "@mantine/core";
import { statusBadge } from "@/shared/config/status";
import { StatusBadge } from "@/shared/ui/status-badge";

type Counts = { _id: { status: StakeRequestStatus }; count: number }[];

/** One card per request status with its count: two to a row on a phone, four from a tablet up. */
export function StakeRequestStatusCards({ counts }: { counts: Counts | undefined }) {
  const countOf = (status: StakeRequestStatus) => counts?.find((item) => item._id.status === status)?.count;
  return (
    <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm" role="list" aria-label="Requests by status">
      {STAKE_REQUEST_STATUSES.map((status) => {
        const count = countOf(status);
        return (
          <Paper
            key={status}
            withBorder
            radius="md"
            p="sm"
            role="listitem"
            aria-label={`${statusBadge("request", status).label}: ${count ?? "loading"}`}
          >
            <StatusBadge entity="request" status={status} />
            <Text fz="xl" fw={700} mt={6} aria-hidden="true">
              {count ?? "…"}
            </Text>
          </Paper>
        );
      })}
    </SimpleGrid>
  );
}
