/**
 * Deploys PluginToken, StakingRewards and PluginFarm to any chain and writes the deployment file.
 * `RPC_URL=… DEPLOYER_KEY=0x… npm run deploy -w @pli/contracts [-- --out deployment.json]`
 */
import path from "node:path";
import { parseArgs } from "node:util";
import { parseUnits } from "viem";
import { z } from "zod";
import { DEFAULT_SETTINGS } from "@pli/abis";
import { deployContracts, writeDeploymentFile } from "./deploy.ts";

const env = z
  .object({
    RPC_URL: z.url({ protocol: /^https?$/, error: "must be an http(s):// URL" }),
    DEPLOYER_KEY: z.string().regex(/^0x[0-9a-fA-F]{64}$/, "must be a 0x-prefixed 32-byte private key"),
    MIN_STAKE: z.string().regex(/^\d+$/, "must be whole PLI").default(String(DEFAULT_SETTINGS.minimumStake)),
    MAX_STAKE: z.string().regex(/^\d+$/, "must be whole PLI").default(String(DEFAULT_SETTINGS.maximumStake)),
  })
  .safeParse(process.env);
if (!env.success) {
  console.error(
    `Bad configuration:\n${env.error.issues.map((i) => `  ${String(i.path[0])}: ${i.message}`).join("\n")}`,
  );
  process.exit(2);
}
const { values } = parseArgs({ options: { out: { type: "string", default: "deployment.json" } } });
const out = path.resolve(values.out!);
const deployment = await deployContracts({
  rpcUrl: env.data.RPC_URL,
  ownerKey: env.data.DEPLOYER_KEY as `0x${string}`,
  minStake: parseUnits(env.data.MIN_STAKE, 18),
  maxStake: parseUnits(env.data.MAX_STAKE, 18),
});
writeDeploymentFile(out, deployment);
console.log(`Deployed; written to ${out}. To run the portal against it:
  CHAIN_ID=${deployment.chainId} START_BLOCK=${deployment.startBlock} PLI_TOKEN_ADDRESS=${deployment.contracts.pliToken} STAKING_ADDRESS=${deployment.contracts.stakingRewards} FARM_ADDRESS=${deployment.contracts.pluginFarm}`);
