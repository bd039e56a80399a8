import { INCENTIVE_STATUS, JOB_STATUS, NODE_STATUS, STAKE_STATUS_VALUES } from "@pli/api/contract";

export type Tone = "success" | "warning" | "danger" | "primary" | "info" | "muted";

/** Display label and colour of every status, in one map (spec section 4, display labels and colours). */
export const STATUS_BADGES: Record<string, { label: string; tone: Tone }> = {
  [NODE_STATUS.pending]: { label: "Pending for Approval", tone: "warning" },
  [NODE_STATUS.verified]: { label: "Verified", tone: "info" },
  [NODE_STATUS.return]: { label: "Returned for Modification", tone: "warning" },
  [NODE_STATUS.approved]: { label: "Approved", tone: "primary" },
  [NODE_STATUS.active]: { label: "Active", tone: "success" },
  [NODE_STATUS.deActive]: { label: "De-Activated", tone: "danger" },
  [JOB_STATUS.rejected]: { label: "Rejected", tone: "danger" },
  [JOB_STATUS.standby]: { label: "Standby", tone: "warning" },
  [JOB_STATUS.inActive]: { label: "InActive", tone: "danger" },
  [STAKE_STATUS_VALUES.partialStake]: { label: "Partially Staked", tone: "warning" },
  [STAKE_STATUS_VALUES.stake]: { label: "Staked", tone: "success" },
  [STAKE_STATUS_VALUES.unlock]: { label: "Unlocked", tone: "warning" },
  [STAKE_STATUS_VALUES.withdraw]: { label: "Withdrawn", tone: "danger" },
  [INCENTIVE_STATUS.paid]: { label: "Paid", tone: "success" },
  [INCENTIVE_STATUS.unPaid]: { label: "UnPaid", tone: "warning" },
};

export const statusBadge = (status: string) => STATUS_BADGES[status] ?? { label: status, tone: "muted" as const };
