import {
  INCENTIVE_STATUS,
  JOB_STATUS,
  NODE_STATUS,
  STAKE_REQUEST_STATUS,
  STAKE_STATUS,
  TICKET_STATUS,
} from "@pli/api/public-contract";
import type { Tone } from "../theme/theme";

interface Badge {
  label: string;
  tone: Tone;
}

/** Every value of a status list has its badge: a status added to the contract fails to compile here. */
type Badges<List extends Record<string, string>> = Record<List[keyof List], Badge>;

/**
 * Display label and tone of every status, keyed by entity and status (spec section 4): a job's
 * 'Pending' is not a node's 'Pending for Approval'. One meaning per tone across the portal, from the colours the spec
 * fixes (jobs and stakes): warning waits on someone, info is checked but not decided, primary is approved and ready for
 * the next step, success is in effect or done, danger is stopped or refused, muted is closed.
 */
export const STATUS_BADGES = {
  node: {
    [NODE_STATUS.pending]: { label: "Pending for Approval", tone: "warning" },
    [NODE_STATUS.verified]: { label: "Verified", tone: "info" },
    [NODE_STATUS.return]: { label: "Returned for Modification", tone: "warning" },
    [NODE_STATUS.approved]: { label: "Approved", tone: "primary" },
    [NODE_STATUS.active]: { label: "Active", tone: "success" },
    [NODE_STATUS.deActive]: { label: "De-Activated", tone: "danger" },
  },
  job: {
    [JOB_STATUS.pending]: { label: "Pending", tone: "warning" },
    [JOB_STATUS.approved]: { label: "Approved", tone: "primary" },
    [JOB_STATUS.active]: { label: "Active", tone: "success" },
    [JOB_STATUS.standby]: { label: "Standby", tone: "warning" },
    [JOB_STATUS.deActive]: { label: "De-Active", tone: "danger" },
    [JOB_STATUS.inActive]: { label: "InActive", tone: "danger" },
    [JOB_STATUS.rejected]: { label: "Rejected", tone: "danger" },
  },
  request: {
    [STAKE_REQUEST_STATUS.pending]: { label: "Pending", tone: "warning" },
    [STAKE_REQUEST_STATUS.verified]: { label: "Verified", tone: "info" },
    [STAKE_REQUEST_STATUS.approved]: { label: "Approved", tone: "primary" },
    [STAKE_REQUEST_STATUS.rejected]: { label: "Rejected", tone: "danger" },
  },
  stake: {
    [STAKE_STATUS.stake]: { label: "Staked", tone: "success" },
    [STAKE_STATUS.unlock]: { label: "Unlocked", tone: "warning" },
    [STAKE_STATUS.withdraw]: { label: "Withdrawn", tone: "danger" },
  },
  incentive: {
    [INCENTIVE_STATUS.paid]: { label: "Paid", tone: "success" },
    [INCENTIVE_STATUS.unPaid]: { label: "UnPaid", tone: "warning" },
  },
  ticket: {
    [TICKET_STATUS.open]: { label: "Open", tone: "warning" },
    [TICKET_STATUS.answered]: { label: "Answered", tone: "info" },
    [TICKET_STATUS.closed]: { label: "Closed", tone: "muted" },
  },
} as const satisfies {
  node: Badges<typeof NODE_STATUS>;
  job: Badges<typeof JOB_STATUS>;
  request: Badges<typeof STAKE_REQUEST_STATUS>;
  stake: Badges<typeof STAKE_STATUS>;
  incentive: Badges<typeof INCENTIVE_STATUS>;
  ticket: Badges<typeof TICKET_STATUS>;
};

export type StatusEntity = keyof typeof STATUS_BADGES;

/** The badge of `status` for `entity`; an unknown value shows as itself, muted. */
export function statusBadge(entity: StatusEntity, status: string): Badge {
  const badges: Record<string, Badge> = STATUS_BADGES[entity];
  return badges[status] ?? { label: status, tone: "muted" };
}
