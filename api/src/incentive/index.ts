/** The incentive feature's public entry: other features, and the tools outside the API (as @pli/api/incentive), import only what it lists. */
export { type AccrualDeps, accrueIncentives } from "./accrual.ts";
export { dateKeyOf } from "./calendar.ts";
export { dueCondition } from "./list.ts";
export { matchPayments } from "./payments.ts";
export { rewardBalance } from "./repository.ts";
export { rewardPoolShort } from "./payout-rules.ts";
export { planPayout } from "./service.ts";
