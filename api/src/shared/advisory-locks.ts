import { sql } from "kysely";

/**
 * Advisory locks that more than one feature takes, each named once. The incentive accrual holds `incentiveAccrual`
 * exclusively, on its connection, for the whole of a month's run (every instance runs one accrual at a time); each
 * node monitor round holds it shared from before its probes to its commit. So an accrual judges a month's days only
 * once every round begun before it has counted, and no round counts into a month while it is being accrued.
 */
export const ADVISORY_LOCK = {
  incentiveAccrual: sql`hashtext('pli.incentive-accrual')`,
} as const;
