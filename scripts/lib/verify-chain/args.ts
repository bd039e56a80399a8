import { randomInt } from "node:crypto";
import { parseArgs } from "node:util";
import { z } from "zod";
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
});

export type VerifyArgs = { ops: number; seed: number; operators: number; kills: number; reorgs: number; keep: boolean };

export const USAGE =
  "npm run verify:chain -- [--ops N (10000)] [--seed S (random)] [--operators N (4)] [--kills N] [--reorgs N] [--keep]";

/** The command line of `npm run verify:chain`; throws with the usage on anything it does not know or accept. */
export function parseVerifyArgs(argv: string[]): VerifyArgs {
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
  return {
    ...parsed.data,
    seed: parsed.data.seed ?? randomInt(2 ** 31 - 1),
    kills: parsed.data.kills ?? chaos.kills,
    reorgs: parsed.data.reorgs ?? chaos.reorgs,
  };
}
