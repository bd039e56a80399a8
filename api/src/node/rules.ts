import {
  LIMITS,
  NODE_STATUS,
  STAKE_STATUS,
  USER_TYPE,
  type StakeStatus,
  type UserType,
} from "../public-contract/domain.ts";

/**
 * The node rules of spec section 4 in one place, pure, for the API (which enforces them) and the web
 * app (which shows only what they allow): status transitions, the node limit and the reputation rules.
 */

export type NodeStatus = (typeof NODE_STATUS)[keyof typeof NODE_STATUS];
export const NODE_STATUSES = Object.values(NODE_STATUS) as [NodeStatus, ...NodeStatus[]];

/** The statuses an admin sets by review, in any order (Approved only once the whitelist is indexed). */
export const REVIEW_STATUSES = [
  NODE_STATUS.pending,
  NODE_STATUS.verified,
  NODE_STATUS.approved,
  NODE_STATUS.return,
] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

/** The targets of Make De-Active / Make Active. */
export const TOGGLE_STATUSES = [NODE_STATUS.deActive, NODE_STATUS.active] as const;
export type ToggleStatus = (typeof TOGGLE_STATUSES)[number];

/** A history row's target when the node was deleted. */
export const NODE_DELETED = "Deleted";
export type HistoryTarget = NodeStatus | typeof NODE_DELETED;

/** The admin tabs of the node request list, each with its count. */
export const NODE_TAB_ALL = "All";
export const NODE_TABS = [...NODE_STATUSES, NODE_TAB_ALL] as const;
export type NodeTab = (typeof NODE_TABS)[number];

/** Who asks: an operator, an admin, or the API itself (following the chain). */
export type Actor = UserType | "system";

export type NodeAction =
  /** Admin review: set Pending, Verified, Approved or Return. */
  | { kind: "review"; to: ReviewStatus }
  /** The owner saves a Return node's edited fields: it goes back to Pending. */
  | { kind: "resubmit" }
  /** Make De-Active / Make Active. */
  | { kind: "toggle"; to: ToggleStatus }
  /** The chain shows a stake in Stake on (wallet, node). */
  | { kind: "stakeSeen" }
  | { kind: "delete" };

/** What the chain knows about the node, as indexed, and who De-Activated it. */
export interface NodeFacts {
  stakeStatus: StakeStatus | null;
  /** (owner wallet, node address) whitelisted on the StakingRewards contract. */
  whitelisted: boolean;
  /** Who made the node De-Active, while it is: an admin's De-Active is undone by an admin only. */
  deActivatedBy?: UserType | null;
}

export const TRANSITION_MESSAGES = {
  reviewLocked: "An Active or De-Activated node changes status only through Make De-Active / Make Active",
  reviewWhileStaked:
    "The node has a stake in Stake or Unlock on the chain: its status cannot be reviewed until the stake is withdrawn",
  notWhitelisted:
    "The node is not whitelisted on the staking contract yet: send whiteListIt(wallet, node address) and save Approved once the transaction is indexed",
  resubmitOnlyReturn: "Only a node returned for modification can be edited",
  deactivateOnlyActive: "Only an Active node can be De-Activated",
  activateOnlyDeActive: "Only a De-Activated node can be made Active",
  activateNeedsStake: "A node can be made Active only while its stake status is Stake",
  activateAfterAdmin: "An admin De-Activated this node: only an admin can make it Active again",
  stakeOnlyApproved: "Only an Approved node becomes Active when its stake is seen",
  deleteWhileStaked: "A node cannot be deleted while its stake is Stake or Unlock: unlock and withdraw it first",
  addressWhileStaked:
    "The node address cannot change while its stake is Stake or Unlock: the stake stays on the old address. Unlock and withdraw it first",
  deleteBeforeAccrual:
    "A node cannot be deleted until the incentives of the month its stake ended in are accrued: that month's inactive days are still needed",
  notAllowed: "You are not allowed to do this",
} as const;

/** The chain holds a stake on the node: Stake, or Unlock until it is withdrawn. */
const holdsStake = (stakeStatus: StakeStatus | null) =>
  stakeStatus === STAKE_STATUS.stake || stakeStatus === STAKE_STATUS.unlock;

export type Decision = { allowed: true; to: NodeStatus | typeof NODE_DELETED } | { allowed: false; reason: string };

const refuse = (reason: string): Decision => ({ allowed: false, reason });
const allow = (to: NodeStatus | typeof NODE_DELETED): Decision => ({ allowed: true, to });

const MAY: Record<NodeAction["kind"], readonly Actor[]> = {
  review: [USER_TYPE.admin],
  resubmit: [USER_TYPE.user],
  toggle: [USER_TYPE.user, USER_TYPE.admin],
  stakeSeen: ["system"],
  delete: [USER_TYPE.admin],
};

/**
 * Whether `actor` may apply `action` to a node in status `from`, given what the chain shows, and the
 * resulting status. Ownership is checked by the caller (an operator reaches only their own nodes).
 */
export function decideTransition(action: NodeAction, actor: Actor, from: NodeStatus, chain: NodeFacts): Decision {
  if (!MAY[action.kind].includes(actor)) return refuse(TRANSITION_MESSAGES.notAllowed);
  switch (action.kind) {
    case "review":
      if (from === NODE_STATUS.active || from === NODE_STATUS.deActive) return refuse(TRANSITION_MESSAGES.reviewLocked);
      if (holdsStake(chain.stakeStatus)) return refuse(TRANSITION_MESSAGES.reviewWhileStaked);
      if (action.to === NODE_STATUS.approved && !chain.whitelisted) return refuse(TRANSITION_MESSAGES.notWhitelisted);
      return allow(action.to);
    case "resubmit":
      return from === NODE_STATUS.return ? allow(NODE_STATUS.pending) : refuse(TRANSITION_MESSAGES.resubmitOnlyReturn);
    case "toggle":
      if (action.to === NODE_STATUS.deActive)
        return from === NODE_STATUS.active
          ? allow(NODE_STATUS.deActive)
          : refuse(TRANSITION_MESSAGES.deactivateOnlyActive);
      if (from !== NODE_STATUS.deActive) return refuse(TRANSITION_MESSAGES.activateOnlyDeActive);
      if (actor !== USER_TYPE.admin && chain.deActivatedBy === USER_TYPE.admin)
        return refuse(TRANSITION_MESSAGES.activateAfterAdmin);
      return chain.stakeStatus === STAKE_STATUS.stake
        ? allow(NODE_STATUS.active)
        : refuse(TRANSITION_MESSAGES.activateNeedsStake);
    case "stakeSeen":
      if (from !== NODE_STATUS.approved) return refuse(TRANSITION_MESSAGES.stakeOnlyApproved);
      return chain.stakeStatus === STAKE_STATUS.stake
        ? allow(NODE_STATUS.active)
        : refuse(TRANSITION_MESSAGES.activateNeedsStake);
    case "delete":
      return holdsStake(chain.stakeStatus) ? refuse(TRANSITION_MESSAGES.deleteWhileStaked) : allow(NODE_DELETED);
  }
}

/**
 * Whether a resubmit may move the node to `next` address: not while the chain holds a stake (Stake or Unlock) on the
 * current one, which the portal would no longer find (its node, its inactive days) and would accrue as never inactive.
 */
export const addressMayChange = (current: string, next: string | undefined, stakeStatus: StakeStatus | null) =>
  next === undefined || next.toLowerCase() === current.toLowerCase() || !holdsStake(stakeStatus);

/** Admin notes are kept only with Return; any other status stores an empty note. */
export const notesFor = (to: NodeStatus, notes: string) => (to === NODE_STATUS.return ? notes : "");

/** Spec 4: a node counts towards the limit unless it is De-Active, but a staked node always counts. */
export const countsTowardLimit = (status: NodeStatus, stakeStatus: StakeStatus | null) =>
  status !== NODE_STATUS.deActive || stakeStatus === STAKE_STATUS.stake;

/** Whether an operator holding these nodes may add another (spec 4: at the maximum, adding is blocked). */
export const canAddNode = (nodes: { status: NodeStatus; stakeStatus: StakeStatus | null }[]) =>
  nodes.filter((node) => countsTowardLimit(node.status, node.stakeStatus)).length < LIMITS.maxNodesPerOperator;

/** An operator edits a Return node only; every other status is view-only. */
export const operatorMayEdit = (status: NodeStatus) => status === NODE_STATUS.return;

/** Reputation is shown only for an Active or De-Active node whose stake is Stake; otherwise 'NA'. */
export const reputationViewable = (status: NodeStatus, stakeStatus: StakeStatus | null) =>
  (status === NODE_STATUS.active || status === NODE_STATUS.deActive) && stakeStatus === STAKE_STATUS.stake;

const REPUTATION = { windowDays: 30, scale: 5, greenAbove: 3 } as const;

/** The highest reputation score: a node that answered every check of the 30 days. */
export const REPUTATION_SCALE = REPUTATION.scale;
/** A score above this is shown green. */
export const REPUTATION_GREEN_ABOVE = REPUTATION.greenAbove;

/**
 * Node health from the monitor's checks, kept `keepDays`: a node has stopped answering when its last `downAfterMisses`
 * checks all went unanswered (one missed check is a blip; three in a row, 45 minutes at the default interval, is not).
 */
export const NODE_HEALTH = { downAfterMisses: 3, keepDays: 30 } as const;

/** The nodes the monitor checks: the approved ones (Approved, Active, De-Active). */
export const MONITORED_STATUSES = [NODE_STATUS.approved, NODE_STATUS.active, NODE_STATUS.deActive] as const;

/** Whether a node the monitor checks has stopped answering, from its latest checks' answers, newest first. */
export const stoppedAnswering = (status: NodeStatus, latestAnswers: readonly boolean[]) =>
  (MONITORED_STATUSES as readonly NodeStatus[]).includes(status) &&
  latestAnswers.length >= NODE_HEALTH.downAfterMisses &&
  latestAnswers.slice(0, NODE_HEALTH.downAfterMisses).every((answered) => !answered);

/**
 * Whether the check just made (the first of `latestAnswers`, newest first) made a monitored node cross the
 * stopped-answering rule: "down" on the miss that makes it stopped, "up" on the first answer after it had stopped.
 */
export function healthCrossing(status: NodeStatus, latestAnswers: readonly boolean[]): "down" | "up" | null {
  const before = latestAnswers.slice(1);
  if (stoppedAnswering(status, latestAnswers) && !stoppedAnswering(status, before)) return "down";
  if (latestAnswers[0] === true && stoppedAnswering(status, before)) return "up";
  return null;
}

/** The first UTC day (YYYY-MM-DD) of the 30-day window ending on `now`'s day. */
export function windowStart(now: Date, days: number = REPUTATION.windowDays): string {
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - (days - 1)));
  return start.toISOString().slice(0, 10);
}

/** The score of an average daily value (0..1): times 5; null without values. */
export const scoreOfAverage = (average: number | null) => (average === null ? null : average * REPUTATION.scale);

/** Score = average of the daily values (0..1) times 5; null without values. */
export const reputationScore = (values: number[]) =>
  scoreOfAverage(values.length === 0 ? null : values.reduce((sum, value) => sum + value, 0) / values.length);

/** Green above 3, red otherwise. */
export const reputationTone = (score: number) => (score > REPUTATION.greenAbove ? "green" : "red");

/** One hardware figure against the minimum a node must have (spec 4's node form limits). */
export interface HardwareCheck {
  value: number;
  minimum: number;
  meets: boolean;
}

/**
 * A node's RAM and storage (GB) against the minimums the add-node form enforces, so a review shows whether a node
 * registered before a minimum was raised, or written to the database directly, still meets them.
 */
export const hardwareVerdict = (node: { ram: number; storage: number }) => {
  const check = (value: number, minimum: number): HardwareCheck => ({ value, minimum, meets: value >= minimum });
  return { ram: check(node.ram, LIMITS.minRamGb), storage: check(node.storage, LIMITS.minStorageGb) };
};
