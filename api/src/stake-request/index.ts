/** The stake request feature's entry for other features: its status change and the rule that decides it. */
export { decideStakeRequestStatus } from "./rules.ts";
export { changeStakeRequestStatus } from "./service.ts";
