import { parseVerifyArgs } from "./lib/verify-chain/args.ts";
import { formatReport, passed } from "./lib/verify-chain/report.ts";
import { verifyChain } from "./lib/verify-chain/run.ts";

/**
 * `npm run verify:chain`: random operations on a chain of its own with the indexer killed and the chain
 * reorganised in between, then every stake total, position status, reward pool and paid flag the API
 * serves compared with the contracts' view functions. Exits 1 on any discrepancy or unexpected outcome.
 */
let args;
try {
  args = parseVerifyArgs(process.argv.slice(2), process.env.VERIFY_FAULTY_RPC === "1");
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(2);
}
const abort = new AbortController();
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const)
  process.once(signal, () => abort.abort(new Error(`stopped by ${signal}`)));
const result = await verifyChain({ ...args, signal: abort.signal, log: (line) => console.log(line) }).catch(
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  },
);
console.log(formatReport(result));
process.exit(passed(result) ? 0 : 1);
