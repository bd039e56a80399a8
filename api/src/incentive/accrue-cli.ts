/**
 * `npm run incentives:accrue -- --until YYYY-MM-DD`: accrues every month due on that day (the months
 * before its month) that is not accrued yet, as the scheduler does every hour; for operations after
 * downtime or to back-fill. DATABASE_URL is required; with RPC_URL, for a month that has ended, an
 * indexer at the chain's head counts as caught up. Exit codes: 0 done, 2 bad input, 3 months left
 * waiting for the indexer (or for their end), 1 failed.
 */
import { parseArgs } from "node:util";
import { createChainClient } from "../chain/client.ts";
import { z } from "zod";
import { configFields } from "../config.ts";
import { createDb } from "../db/database.ts";
import { accrueIncentives } from "./accrual.ts";

const until = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "must be a date YYYY-MM-DD")
  .refine(
    (value) =>
      !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value),
    "must be a real date",
  );
const inputs = z.object({
  DATABASE_URL: configFields.shape.DATABASE_URL,
  RPC_URL: configFields.shape.RPC_URL.optional(),
  until: until.default(() => new Date().toISOString().slice(0, 10)),
});

function readInputs() {
  try {
    const { values } = parseArgs({ options: { until: { type: "string" } }, strict: true });
    const parsed = inputs.safeParse({
      DATABASE_URL: process.env.DATABASE_URL || undefined,
      RPC_URL: process.env.RPC_URL || undefined,
      until: values.until,
    });
    if (parsed.success) return parsed.data;
    for (const issue of parsed.error.issues)
      console.error(`${String(issue.path[0])}: ${issue.code === "invalid_type" ? "is required" : issue.message}`);
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
  }
  console.error("Usage: npm run incentives:accrue -- --until YYYY-MM-DD");
  process.exit(2);
}

const { DATABASE_URL, RPC_URL, until: day } = readInputs();
const db = createDb(DATABASE_URL, 2);
try {
  const chain = RPC_URL ? createChainClient(RPC_URL) : undefined;
  const result = await accrueIncentives({ db, chain }, new Date(`${day}T00:00:00Z`));
  for (const { month, inserted, positions } of result.accrued)
    console.log(`${month} accrued, ${inserted} rows for ${positions} positions`);
  if (result.accrued.length === 0 && !result.waiting)
    console.log(`Nothing to accrue until ${day}: every month due is accrued`);
  if (result.waiting) {
    console.error(`Waiting: ${result.waiting}; run again once it has`);
    process.exitCode = 3;
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exitCode = 1;
} finally {
  await db.destroy();
}
