/** The Safe feature's public entry: other features import only what it lists. */
export { lockPayoutNames, openPayoutNaming } from "./open-payouts.ts";
