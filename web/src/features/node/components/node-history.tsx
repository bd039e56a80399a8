import { Table, Text } from "@mantine/core";
import { statusBadge } from "@/shared/config/status";
import { formatDate } from "@/shared/format/dates";
import type { getNode } from "../api/get-node";

type History = NonNullable<Awaited<ReturnType<typeof getNode>>["history"]>;

const label = (status: string | null) => (status === null ? "-" : statusBadge("node", status).label);
const ACTORS = { user: "Operator", admin: "Admin", system: "Chain" } as const;

/** Who changed the node's status, when, from what to what, with the notes (newest first). */
export function NodeHistory({ history }: { history: History }) {
  if (history.length === 0)
    return (
      <Text size="sm" c="dimmed">
        No status changes yet.
      </Text>
    );
  return (
    <Table.ScrollContainer
      minWidth={560}
      type="native"
      tabIndex={0}
      role="region"
      aria-label="Status history (scrolls sideways)"
    >
      <Table aria-label="Status history">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Date</Table.Th>
            <Table.Th>By</Table.Th>
            <Table.Th>From</Table.Th>
            <Table.Th>To</Table.Th>
            <Table.Th>Notes</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {history.map((row) => (
            <Table.Tr key={`${row.date}-${row.toStatus}`}>
              <Table.Td>{formatDate(row.date, "operatorDashboard")}</Table.Td>
              <Table.Td>{ACTORS[row.actorType]}</Table.Td>
              <Table.Td>{label(row.fromStatus)}</Table.Td>
              <Table.Td>{label(row.toStatus)}</Table.Td>
              <Table.Td>{row.notes || "-"}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
