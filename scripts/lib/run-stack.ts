import path from "node:path";
import { pliText } from "@pli/api/shared/pli";
import { DEMO_SEED } from "../../contracts/scripts/deploy.ts";
import { DEV_KEYS, devAccount, SAFE_ADMIN_KEYS, SAFE_ADMINS, SAFE_THRESHOLD } from "./dev-accounts.ts";
import type { StackConfig } from "./stack-config.ts";
import { startStack, type Stack } from "../stack.ts";

/** How `npm start` was asked to run (scripts/start.ts reads its flags). */
export interface RunOptions {
  dev: boolean;
  xdc: boolean;
  xdcFees: "1559" | "legacy";
  safe: boolean;
}

function printSummary(stack: Stack, { xdc, xdcFees }: RunOptions) {
  const lines = [
    "",
    "PLI validator portal is running",
    `  Web app      ${stack.urls.web}`,
    `  API          ${stack.urls.api}  (health: ${stack.urls.api}/api/health)`,
    `  Indexer      ${stack.urls.indexer}`,
    `  Chain RPC    ${stack.urls.rpc}${stack.urls.ws ? `  (ws: ${stack.urls.ws})` : ""}  chain id ${stack.deployment.chainId}`,
    ...(xdc ? [`               XDC node stand-in (${xdcFees} fees) in front of anvil ${stack.urls.chainRpc}`] : []),
    `  Database     ${stack.databaseUrl.replace(/\/\/[^@]*@/, "//")}${stack.embedded.postgres ? "  (embedded)" : ""}`,
    `  Contracts    PLI ${stack.deployment.contracts.pliToken}`,
    `               StakingRewards ${stack.deployment.contracts.stakingRewards}`,
    `               PluginFarm ${stack.deployment.contracts.pluginFarm}`,
    ...(stack.deployment.safe
      ? [
          `  Safe mode    the contracts' owner is the Safe ${stack.deployment.safe.address}: admins propose, confirm, execute`,
        ]
      : stack.demoSafe
        ? [`  Safe         ${stack.demoSafe.address} (not the owner; npm start -- --safe hands the contracts to it)`]
        : []),
    `  Logs         ${stack.logDir}`,
  ];
  if (stack.demo) {
    const pli = pliText(DEMO_SEED.pliEach);
    lines.push(
      "",
      `Admin sign-in   ${stack.urls.web}/admin/login   ${stack.demo.admin.email} / ${stack.demo.admin.password}`,
      "                without SMTP_URL the emailed code is printed here (development outbox)",
      "",
      "Demo accounts (anvil's well-known keys: DEVELOPMENT ONLY, public to everyone, never use them on a real network)",
      `  Admin wallet (${stack.deployment.safe ? "owner before the Safe" : "contract owner"})   ${devAccount("owner").address}  key ${DEV_KEYS.owner}`,
      `  Operator, role Validator        ${devAccount("validator").address}  key ${DEV_KEYS.validator}  (${pli} PLI)`,
      `  Operator, role Standby          ${devAccount("standby").address}  key ${DEV_KEYS.standby}  (${pli} PLI)`,
      ...(stack.demoSafe
        ? [
            `  Safe owners (${SAFE_THRESHOLD} of ${SAFE_ADMINS.length} confirm)`,
            ...SAFE_ADMINS.map((admin, i) => `    Safe admin ${i + 1}  ${admin.address}  key ${SAFE_ADMIN_KEYS[i]}`),
          ]
        : []),
      "  Import a key into your browser wallet and add the chain above (RPC URL and chain id).",
    );
  }
  lines.push("", "Press Ctrl-C to stop everything.", "");
  console.log(lines.join("\n"));
}

/**
 * `npm start` with a configuration already checked: starts the stack, prints where everything is, and stops it all on
 * Ctrl-C, SIGTERM, SIGHUP, the loss of its parent or a part that dies.
 */
export async function runStack(config: StackConfig, options: RunOptions): Promise<void> {
  const { dev, xdc, xdcFees, safe } = options;
  const abort = new AbortController();
  let stack: Stack | undefined;
  let stopping = false;

  async function shutdown(code: number) {
    if (stopping) return;
    stopping = true;
    abort.abort();
    console.log("\nStopping…");
    if (!stack) return;
    await stack.stop();
    console.log("Stopped.");
    process.exit(code);
  }
  process.on("SIGINT", () => void shutdown(0));
  process.on("SIGTERM", () => void shutdown(0));
  process.on("SIGHUP", () => void shutdown(0));

  /** If whatever started the runner goes away without a signal reaching it, stop everything anyway. */
  const parent = process.ppid;
  setInterval(() => {
    if (process.ppid !== parent) void shutdown(0);
  }, 1000).unref();

  try {
    stack = await startStack({
      ...config,
      ...(xdc ? { dataDir: path.join(config.dataDir, "xdc"), xdc: { fees: xdcFees } } : {}),
      dev,
      safe,
      demoHistory: true,
      signal: abort.signal,
      log: (service, line) => console.log(`[${service}] ${line}`),
    });
    printSummary(stack, options);
    const service = await stack.died;
    if (!stopping) {
      console.error(`The ${service} stopped unexpectedly; see ${stack.logDir}/${service}.log. Stopping everything.`);
      await shutdown(1);
    }
  } catch (error) {
    if (stopping) {
      console.log("Stopped.");
      process.exit(0);
    }
    console.error(`Start failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}
