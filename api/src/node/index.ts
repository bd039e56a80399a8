/** The node feature's public entry: other features, and the tools outside the API (as @pli/api/node), import only what it lists. */
export { historyOf, recordHistory, toHistoryResponse } from "./history.ts";
export { listNodePage } from "./list.ts";
export { reconcileStakedNodes } from "./reconcile.ts";
export { findNode, stoppedNodes, toNodeResponse } from "./repository.ts";
export { inactiveDates, reputationValues } from "./samples.ts";
export { decideTransition } from "./rules.ts";
export { lockNode } from "./repository.ts";
export { applyTransition } from "./service.ts";
