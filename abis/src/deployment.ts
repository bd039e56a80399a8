import { getAddress, isAddress } from "viem";
import { z } from "zod";

/** Accepts `0x…` and XDC-style `xdc…` addresses; yields the checksummed `0x` form. */
export const addressSchema = z
  .string()
  .trim()
  .transform((value) => (/^xdc/i.test(value) ? `0x${value.slice(3)}` : value))
  .refine((value) => isAddress(value, { strict: false }), "must be an address (0x… or xdc…)")
  .transform((value) => getAddress(value));

export const deploymentSchema = z.object({
  chainId: z.number().int().positive(),
  startBlock: z.number().int().nonnegative(),
  contracts: z.object({
    pliToken: addressSchema,
    stakingRewards: addressSchema,
    pluginFarm: addressSchema,
    /** The PLI/USD price feed (a mock on local chains); without one no fiat value is shown. */
    priceFeed: addressSchema.optional(),
  }),
  deployer: addressSchema,
  deployedAt: z.string(),
  /**
   * The Safe multisig the admins act through, with the block it was created in (the indexer follows it from there).
   * Without one the contracts' owner is a single wallet, as the spec has it.
   */
  safe: z.object({ address: addressSchema, startBlock: z.number().int().nonnegative() }).optional(),
});

export type Deployment = z.infer<typeof deploymentSchema>;

/**
 * SAFE_ADDRESS and SAFE_START_BLOCK, both or neither: a deployment whose admin chain actions go through a Safe, and the
 * block the indexer follows it from. Shared by the stack runner, the indexer and the API.
 */
export const safeEnvFields = z.object({
  SAFE_ADDRESS: addressSchema.optional(),
  SAFE_START_BLOCK: z.coerce.number().int().nonnegative().optional(),
});

export function checkSafeEnv(
  env: { SAFE_ADDRESS?: string; SAFE_START_BLOCK?: number },
  ctx: { addIssue(issue: { code: "custom"; path: string[]; message: string }): void },
): void {
  if (env.SAFE_ADDRESS !== undefined && env.SAFE_START_BLOCK === undefined)
    ctx.addIssue({ code: "custom", path: ["SAFE_START_BLOCK"], message: "is required when SAFE_ADDRESS is set" });
  if (env.SAFE_ADDRESS === undefined && env.SAFE_START_BLOCK !== undefined)
    ctx.addIssue({ code: "custom", path: ["SAFE_ADDRESS"], message: "is required when SAFE_START_BLOCK is set" });
}
