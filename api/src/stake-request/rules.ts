import { NODE_STATUS, STAKE_REQUEST_STATUS } from "../public-contract/domain.ts";
import type { NodeStatus } from "../node/schema.ts";

/**
 * The interest request rules of spec section 4 in one place, pure, for the API (which enforces them)
 * and the web app (which offers only the statuses they allow).
 */

export type StakeRequestStatus = (typeof STAKE_REQUEST_STATUS)[keyof typeof STAKE_REQUEST_STATUS];
export const STAKE_REQUEST_STATUSES = Object.values(STAKE_REQUEST_STATUS) as [
  StakeRequestStatus,
  ...StakeRequestStatus[],
];

/** The statuses an admin may choose; Pending is only where a request starts. */
export const REVIEWED_STAKE_REQUEST_STATUSES = [
  STAKE_REQUEST_STATUS.verified,
  STAKE_REQUEST_STATUS.approved,
  STAKE_REQUEST_STATUS.rejected,
] as const;
export type ReviewedStakeRequestStatus = (typeof REVIEWED_STAKE_REQUEST_STATUSES)[number];

/** A request is open until it is Rejected: a node has at most one open request (the database enforces it). */
export const isOpenStakeRequest = (status: StakeRequestStatus) => status !== STAKE_REQUEST_STATUS.rejected;

/** The node statuses from which an operator may ask to stake (the staking screen of an Approved or Active node). */
export const STAKE_REQUESTABLE_NODE_STATUSES: readonly NodeStatus[] = [NODE_STATUS.approved, NODE_STATUS.active];

export const STAKE_REQUEST_RULE_MESSAGES = {
  requestNodeNotApproved: "A staking request can be sent only for an Approved or Active node",
  requestAlreadyOpen: "This node already has an open request",
  requestAlreadyApproved: "The request is already Approved",
  requestAlreadyRejected: "The request is already Rejected",
  requestNotFarmWhitelisted:
    "The node is not whitelisted on the farm contract yet: send whiteListPLIFarmNode(wallet, node address) and save Approved once the transaction is indexed",
} as const;

export type StakeRequestDecision = { allowed: true } | { allowed: false; reason: string };

/**
 * Whether an admin may move a request from `from` to `to` (spec 4): Verified always; Approved when not
 * already Approved and only once the chain shows the farm whitelist of (wallet, node); Rejected when
 * not already Rejected.
 */
export function decideStakeRequestStatus(
  from: StakeRequestStatus,
  to: ReviewedStakeRequestStatus,
  chain: { farmWhitelisted: boolean },
): StakeRequestDecision {
  switch (to) {
    case STAKE_REQUEST_STATUS.verified:
      return { allowed: true };
    case STAKE_REQUEST_STATUS.approved:
      if (from === STAKE_REQUEST_STATUS.approved)
        return { allowed: false, reason: STAKE_REQUEST_RULE_MESSAGES.requestAlreadyApproved };
      if (!chain.farmWhitelisted)
        return { allowed: false, reason: STAKE_REQUEST_RULE_MESSAGES.requestNotFarmWhitelisted };
      return { allowed: true };
    case STAKE_REQUEST_STATUS.rejected:
      return from === STAKE_REQUEST_STATUS.rejected
        ? { allowed: false, reason: STAKE_REQUEST_RULE_MESSAGES.requestAlreadyRejected }
        : { allowed: true };
  }
}

/** The statuses an admin is offered for a request in `from` (the edit form shows only these). */
export const allowedStakeRequestStatuses = (from: StakeRequestStatus): ReviewedStakeRequestStatus[] =>
  REVIEWED_STAKE_REQUEST_STATUSES.filter((to) => to !== from || to === STAKE_REQUEST_STATUS.verified);

/** Spec 4: the operator's staking screen shows the deposit view only for an Approved request. */
export const showsDepositView = (status: StakeRequestStatus | null) => status === STAKE_REQUEST_STATUS.approved;
