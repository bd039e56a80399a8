import { sql } from "kysely";

/**
 * Advisory locks that more than one feature takes, each named once. The incentive accrual holds `incentiveAccrual`
 * exclusively, on its connection, for the whole of a month's run (every instance runs one accrual at a time); each
 * node monitor round holds it shared for its transaction, so that a round's probe counts land wholly before a month's
 * inactive days are judged for its accrual, or after the month is recorded as accrued (and are then left out).
 */
export const ADVISORY_LOCK = {
  incentiveAccrual: sql`hashtext('pli.incentive-accrual')`,
} as const;
