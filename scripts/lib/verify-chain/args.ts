import { randomInt } from "node:crypto";
import { parseArgs } from "node:util";
import { z } from "zod";
import type { XdcFeeMode } from "../xdc-rpc.ts";
import { defaultChaos } from "./program.ts";

const count = (min: number) => z.coerce.number().int().min(min);

const argsSchema = z.object({
  ops: count(1).default(10_000),
  seed: count(0)
    .max(2 ** 31 - 1)
    .optional(),
  operators: count(1).max(50).default(4),
  kills: count(0).optional(),
  reorgs: count(0).optional(),
  keep: z.boolean().default(false),
  "faulty-rpc": z.boolean().default(false),
  "refuse-seconds": count(0).default(60),
  xdc: z.boolean().default(false),
  "xdc-fees": z.enum(["legacy", "1559"]).default("legacy"),
  safe: z.boolean().default(false),
});

export type VerifyArgs = {
  ops: number;
  seed: number;
  operators: number;
  kills: number;
  reorgs: number;
  keep: boolean;
  /** Set by `--faulty-rpc` (or VERIFY_FAULTY_RPC=1): the indexer and the API reach anvil through the faulty proxy. */
  faultyRpc?: { refuseSeconds: number };
  /** Set by `--xdc`: the indexer and the API reach a chain-51 anvil only through the XDC node stand-in (xdc-rpc.ts). */
  xdc?: { fees: XdcFeeMode };
  /** Set by `--safe`: the demo 2-of-3 Safe is an operator of StakingRewards and sends every valid payout. */
  safe?: boolean;
};

export const USAGE =
  "npm run verify:chain -- [--ops N (10000)] [--seed S (random)] [--operators N (4)] [--kills N] [--reorgs N] [--keep] [--faulty-rpc [--refuse-seconds N (60)]] [--xdc [--xdc-fees legacy|1559 (legacy)]] [--safe]";

/**
 * The command line of `npm run verify:chain` (and VERIFY_FAULTY_RPC=1 for `--faulty-rpc`); throws with the usage on
 * anything it does not know or accept.
 */
export function parseVerifyArgs(argv: string[], faultyFromEnv = false): VerifyArgs {
  let values: Record<string, unknown>;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        ops: { type: "string" },
        seed: { type: "string" },
        operators: { type: "string" },
        kills: { type: "string" },
        reorgs: { type: "string" },
        keep: { type: "boolean" },
        "faulty-rpc": { type: "boolean" },
        "refuse-seconds": { type: "string" },
        xdc: { type: "boolean" },
        "xdc-fees": { type: "string" },
        safe: { type: "boolean" },
      },
      strict: true,
    }));
  } catch (error) {
    throw new Error(`${error instanceof Error ? error.message : String(error)}\nusage: ${USAGE}`);
  }
  const parsed = argsSchema.safeParse(values);
  if (!parsed.success)
    throw new Error(
      `${parsed.error.issues.map((issue) => `--${issue.path.join(".")}: ${issue.message}`).join("\n")}\nusage: ${USAGE}`,
    );
  const chaos = defaultChaos(parsed.data.ops);
  const { "faulty-rpc": faulty, "refuse-seconds": refuseSeconds, xdc, "xdc-fees": fees, safe, ...rest } = parsed.data;
  return {
    ...rest,
    ...(xdc ? { xdc: { fees } } : {}),
    ...(safe ? { safe } : {}),
    ...(faulty || faultyFromEnv ? { faultyRpc: { refuseSeconds } } : {}),
    seed: parsed.data.seed ?? randomInt(2 ** 31 - 1),
    kills: parsed.data.kills ?? chaos.kills,
    reorgs: parsed.data.reorgs ?? chaos.reorgs,
  };
}
