import type { Hex } from "viem";
import { privateKeyToAccount } from "viem/accounts";

/**
 * Anvil's well-known development keys (mnemonic "test test … junk"). Public knowledge: development only,
 * never use them on a real network.
 */
export const DEV_KEYS = {
  owner: "0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80",
  validator: "0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d",
  standby: "0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a",
  outsider: "0x7c852118294e51e653712a81e05800f419141751be58f605c371e15141b007a6",
} as const satisfies Record<string, Hex>;

export type DevAccountName = keyof typeof DEV_KEYS;

export const devAccount = (name: DevAccountName) => privateKeyToAccount(DEV_KEYS[name]);

export const ANVIL_CHAIN_ID = 31337;

/**
 * The three demo admin wallets owning the demo 2-of-3 Safe (anvil's accounts 4 to 6): development only, as DEV_KEYS.
 */
export const SAFE_ADMIN_KEYS = [
  "0x47e179ec197488593b187f80a00eb0da91f1b9d0b13f8733639f19c30a34926a",
  "0x8b3a350cf5c34c9194ca85829a2df0ec3153be0318b5e2d3348e872092edffba",
  "0x92db14e403b83dfe3df233f83dfa3a0d7096f21ca9b0d6d6b8d88b2b4ec1564e",
] as const satisfies readonly Hex[];

export const SAFE_ADMINS = SAFE_ADMIN_KEYS.map((key) => privateKeyToAccount(key));

/** The demo Safe's threshold: two of the three admins. */
export const SAFE_THRESHOLD = 2;
