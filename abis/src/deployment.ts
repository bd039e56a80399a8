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
});

export type Deployment = z.infer<typeof deploymentSchema>;
