import { parseStackEnv, StackConfigError, type StackConfig } from "./lib/stack-config.ts";

const dev = process.argv.includes("--dev");
/**
 * `npm start -- --xdc` (or CHAIN_MODE=xdc): the embedded chain behind the XDC node stand-in, pre-1559 fees unless
 * XDC_FEES=1559, with its own data under DATA_DIR/xdc.
 */
const xdc = process.argv.includes("--xdc") || process.env.CHAIN_MODE === "xdc";
const xdcFees = process.env.XDC_FEES === "1559" ? "1559" : "legacy";
/**
 * `npm start -- --safe`: the demo 2-of-3 Safe becomes the contracts' owner (final for this chain), and every admin
 * chain action is proposed to it. Without it the single admin wallet stays the owner, as the spec has it.
 */
const safe = process.argv.includes("--safe");

function readConfig(): StackConfig {
  try {
    return parseStackEnv(process.env);
  } catch (error) {
    if (error instanceof StackConfigError) {
      console.error(error.message);
      process.exit(2);
    }
    throw error;
  }
}

const config = readConfig();
/**
 * The stack's modules (the chain, Postgres, the indexer, the API and the demo) load only once the configuration is
 * known to be good, so that a bad variable is named at once.
 */
const { runStack } = await import("./lib/run-stack.ts");
await runStack(config, { dev, xdc, xdcFees, safe });
