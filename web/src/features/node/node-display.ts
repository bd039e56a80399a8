import {
  decideTransition,
  MESSAGES,
  NODE_STATUS,
  NODE_TAB_ALL,
  TOGGLE_STATUSES,
  USER_TYPE,
  type NodeResponse,
  type NodeTab,
  type ToggleStatus,
  type UserType,
} from "@pli/api/public-contract";

/**
 * What the node lists offer for a node (spec section 2). The transitions themselves are the API's
 * rules (decideTransition): a button is shown only for a change the API would accept.
 */

/** Approved and Active nodes link to the staking screen. */
export const showsStakeLink = (status: NodeResponse["status"]) =>
  status === NODE_STATUS.approved || status === NODE_STATUS.active;

/** Active nodes link to their jobs. */
export const showsManageJobs = (status: NodeResponse["status"]) => status === NODE_STATUS.active;

const chainFacts = (node: NodeResponse) => ({
  stakeStatus: node.stake.status,
  whitelisted: false,
  deActivatedBy: node.deActivatedBy,
});

/** The toggle (Make De-Active or Make Active) `actor` may apply to the node now, if any. */
export const toggleFor = (node: NodeResponse, actor: UserType): ToggleStatus | undefined =>
  TOGGLE_STATUSES.find((to) => decideTransition({ kind: "toggle", to }, actor, node.status, chainFacts(node)).allowed);

/** Why `actor` may not make the node Active when the reason is who De-Activated it (an admin), else undefined. */
export function activateRefusal(node: NodeResponse, actor: UserType): string | undefined {
  const decision = decideTransition({ kind: "toggle", to: NODE_STATUS.active }, actor, node.status, chainFacts(node));
  return !decision.allowed && decision.reason === MESSAGES.activateAfterAdmin ? decision.reason : undefined;
}

/** Whether an admin may delete the node now (refused while its stake is Stake or Unlock). */
export const mayDelete = (node: NodeResponse) =>
  decideTransition({ kind: "delete" }, USER_TYPE.admin, node.status, chainFacts(node)).allowed;

/** Why an admin may not review the node (Active and De-Activated nodes only toggle), or undefined when they may. */
export function reviewRefusal(node: NodeResponse): string | undefined {
  const decision = decideTransition(
    { kind: "review", to: NODE_STATUS.pending },
    USER_TYPE.admin,
    node.status,
    chainFacts(node),
  );
  return decision.allowed ? undefined : decision.reason;
}

export const TOGGLE_LABELS: Record<ToggleStatus, string> = {
  [NODE_STATUS.deActive]: "Make De-Active",
  [NODE_STATUS.active]: "Make Active",
};

/** The admin tabs in the spec's order and wording. */
export const TAB_LABELS: Record<NodeTab, string> = {
  [NODE_STATUS.pending]: "Pending",
  [NODE_STATUS.verified]: "Verified",
  [NODE_STATUS.return]: "Return",
  [NODE_STATUS.approved]: "Approved",
  [NODE_STATUS.active]: "Active",
  [NODE_STATUS.deActive]: "De-Active",
  [NODE_TAB_ALL]: "All Nodes",
};

export { REPUTATION_COLORS } from "@/shared/theme/theme";
