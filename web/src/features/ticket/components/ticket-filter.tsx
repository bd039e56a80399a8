import { LIMITS, TICKET_STATUSES, type TicketStatus } from "@pli/api/public-contract";
import { SegmentedControl } from "@mantine/core";
import { useSearchParams } from "react-router-dom";
import { statusBadge } from "@/shared/config/status";
import { useListParams } from "@/shared/lists/list-params";
import type { TicketListParams } from "../api/keys";

const STATUS_PARAM = "status";
const ALL = "All";
const isStatus = (value: string | null): value is TicketStatus =>
  (TICKET_STATUSES as readonly (string | null)[]).includes(value);

/** page, limit and q as every list, plus the status filter (?status=…, every status when absent). */
export function useTicketListParams() {
  const list = useListParams();
  const [search, setSearch] = useSearchParams();
  const value = search.get(STATUS_PARAM);
  const status = isStatus(value) ? value : null;
  const setStatus = (next: TicketStatus | null) =>
    setSearch((current) => {
      const updated = new URLSearchParams(current);
      if (next) updated.set(STATUS_PARAM, next);
      else updated.delete(STATUS_PARAM);
      updated.set("page", "1");
      updated.set("limit", String(LIMITS.pageSize));
      return updated;
    });
  const params: TicketListParams = { page: list.page, limit: list.limit, q: list.q, status };
  return { params, update: list.update, setStatus };
}

/** All, Open, Answered, Closed. */
export function TicketFilter({
  status,
  onChange,
}: {
  status: TicketStatus | null;
  onChange: (status: TicketStatus | null) => void;
}) {
  return (
    <SegmentedControl
      aria-label="Ticket status"
      value={status ?? ALL}
      onChange={(next) => onChange(isStatus(next) ? next : null)}
      data={[
        { value: ALL, label: "All" },
        ...TICKET_STATUSES.map((value) => ({ value, label: statusBadge("ticket", value).label })),
      ]}
    />
  );
}
