import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { createPublicClient, http, parseUnits } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { stakingRewardsAbi } from "@pli/abis";
import { readDeploymentFile } from "@pli/abis/node";
import { startAnvil, type Anvil } from "../../scripts/lib/anvil.ts";
import { DEV_KEYS } from "../../scripts/lib/dev-accounts.ts";

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, "../..");
let anvil: Anvil;
const dir = mkdtempSync(path.join(tmpdir(), "pli-deploy-"));

beforeAll(async () => {
  anvil = await startAnvil();
});
afterAll(async () => {
  await anvil?.stop();
  rmSync(dir, { recursive: true, force: true });
});

const deployCli = (env: Record<string, string>, out: string) =>
  run(process.execPath, ["--import", "tsx", "contracts/scripts/deploy-cli.ts", "--out", out], {
    cwd: ROOT,
    env: { ...process.env, ...env },
  });

describe("the deploy script", () => {
  it("deploys to the chain at RPC_URL with the given limits and writes the deployment file", async () => {
    const out = path.join(dir, "deployment.json");
    const { stdout } = await deployCli(
      { RPC_URL: anvil.rpcUrl, DEPLOYER_KEY: DEV_KEYS.owner, MIN_STAKE: "60000", MAX_STAKE: "900000" },
      out,
    );
    const deployment = readDeploymentFile(out);
    expect(stdout).toContain(`STAKING_ADDRESS=${deployment.contracts.stakingRewards}`);
    const chain = createPublicClient({ transport: http(anvil.rpcUrl) });
    expect(
      await chain.readContract({
        address: deployment.contracts.stakingRewards,
        abi: stakingRewardsAbi,
        functionName: "minStakeAmt",
      }),
    ).toBe(parseUnits("60000", 18));
  });

  it("refuses a bad key or URL, naming the variable", async () => {
    await expect(
      deployCli({ RPC_URL: "ftp://x", DEPLOYER_KEY: "0x12" }, path.join(dir, "x.json")),
    ).rejects.toMatchObject({ code: 2, stderr: expect.stringMatching(/RPC_URL[\s\S]*DEPLOYER_KEY/) });
  });
});
