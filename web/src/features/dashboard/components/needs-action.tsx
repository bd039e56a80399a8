import {
  INCENTIVE_DUE,
  JOB_STATUS,
  NODE_STATUS,
  STAKE_REQUEST_STATUS,
  TICKET_STATUS,
  type NeedsAction,
} from "@pli/api/public-contract";
import { UNCHECKED_ANCHOR } from "@/chain/unchecked/unchecked-section";
import { routes } from "@/shared/config/routes";
import { formatCount } from "@/shared/format";
import { Section } from "@/shared/ui/section";
import { StatCard, StatGrid } from "@/shared/ui/stat-card";
import { useNeedsAction } from "../api/get-needs-action";

export const NEEDS_ACTION_TITLE = "Needs action";

const withQuery = (path: string, query: Record<string, string>) => `${path}?${new URLSearchParams(query).toString()}`;

/** Each count of the queue: its label and the list it counts, filtered through the list's URL. */
const QUEUE: { key: keyof NeedsAction; label: string; to: () => string }[] = [
  {
    key: "pendingNodes",
    label: "Pending nodes",
    to: () => withQuery(routes.adminListNode.href(), { tab: NODE_STATUS.pending }),
  },
  {
    key: "pendingJobs",
    label: "Pending jobs",
    to: () => withQuery(routes.adminListJob.href(), { status: JOB_STATUS.pending }),
  },
  {
    key: "pendingStakeRequests",
    label: "Pending stake requests",
    to: () => withQuery(routes.adminListStakeRequest.href(), { q: STAKE_REQUEST_STATUS.pending }),
  },
  {
    key: "dueIncentives",
    label: "Unpaid incentives due",
    to: () => withQuery(routes.adminListIncentive.href(), { status: INCENTIVE_DUE }),
  },
  {
    key: "uncheckedActivity",
    label: "Chain activity to review",
    to: () => `${routes.adminListStake.href()}#${UNCHECKED_ANCHOR}`,
  },
  {
    key: "ticketsAwaitingReply",
    label: "Tickets awaiting a reply",
    to: () => withQuery(routes.adminListTicket.href(), { status: TICKET_STATUS.open }),
  },
];

/** The admin dashboard's first section: what waits on an admin, each count leading to its filtered list. */
export function NeedsActionSection() {
  const queue = useNeedsAction();
  return (
    <Section title={NEEDS_ACTION_TITLE}>
      <StatGrid cols={{ base: 2, md: 3, lg: 6 }}>
        {QUEUE.map(({ key, label, to }) => (
          <StatCard key={key} label={label} value={formatCount(queue.data?.[key])} to={to()} />
        ))}
      </StatGrid>
    </Section>
  );
}
