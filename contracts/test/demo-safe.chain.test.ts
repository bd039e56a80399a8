import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEPLOYMENT_FILE } from "../../scripts/lib/data-files.ts";
import { ensureDemoSafe } from "../../scripts/lib/stack-chain.ts";
import { startAnvil } from "../../scripts/lib/anvil.ts";
import { DEV_KEYS, SAFE_ADMINS } from "../../scripts/lib/dev-accounts.ts";
import { xdcAnvilOptions } from "../../scripts/lib/xdc-rpc.ts";
import { startChain } from "../../test/chain.ts";
import { deployContracts } from "../scripts/deploy.ts";

let chain: Awaited<ReturnType<typeof startChain>>;
let dataDir: string;
const lines: string[] = [];
const log = (_service: string, line: string) => void lines.push(line);

beforeAll(async () => {
  chain = await startChain();
  dataDir = mkdtempSync(path.join(tmpdir(), "pli-demo-safe-"));
});
afterAll(async () => {
  await chain?.anvil.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe("npm start's demo Safe", () => {
  it("is created once after the contracts, recorded in the deployment file, and owns nothing without --safe", async () => {
    const options = { rpcUrl: chain.anvil.rpcUrl, dataDir, deployment: chain.deployment, log };
    const first = await ensureDemoSafe({ ...options, handOver: false });
    expect(first.safeMode).toBe(false);
    expect(first.deployment.contracts).toEqual(chain.deployment.contracts);
    const written = JSON.parse(readFileSync(path.join(dataDir, DEPLOYMENT_FILE), "utf8"));
    expect(written.safe).toEqual(first.deployment.safe);
    expect(await chain.as("owner").staking.read.owner()).toBe(chain.as("owner").address);

    const again = await ensureDemoSafe({ ...options, deployment: first.deployment, handOver: false });
    expect(again.deployment.safe).toEqual(first.deployment.safe);
    expect(lines.filter((line) => line.startsWith("deploying Safe"))).toHaveLength(1);
  });

  it("with --safe hands both contracts to it, and a later start without the switch stays in Safe mode", async () => {
    const deployment = JSON.parse(readFileSync(path.join(dataDir, DEPLOYMENT_FILE), "utf8"));
    const options = { rpcUrl: chain.anvil.rpcUrl, dataDir, deployment, log };
    const handed = await ensureDemoSafe({ ...options, handOver: true });
    expect(handed.safeMode).toBe(true);
    const safe = handed.deployment.safe!.address;
    expect(await chain.as("owner").staking.read.owner()).toBe(safe);
    expect(await chain.as("owner").farm.read.owner()).toBe(safe);
    expect((await ensureDemoSafe({ ...options, handOver: false })).safeMode).toBe(true);
    expect(SAFE_ADMINS).toHaveLength(3);
  });

  it("lands on npm start -- --xdc's chain 51 with its legacy fees, through that chain's presigned factory deployment", async () => {
    const anvil = await startAnvil(xdcAnvilOptions("legacy"));
    const dir = mkdtempSync(path.join(tmpdir(), "pli-demo-safe-xdc-"));
    try {
      const deployment = await deployContracts({ rpcUrl: anvil.rpcUrl, ownerKey: DEV_KEYS.owner });
      expect(deployment.chainId).toBe(51);
      const ensured = await ensureDemoSafe({ rpcUrl: anvil.rpcUrl, dataDir: dir, deployment, handOver: true, log });
      expect(ensured.safeMode).toBe(true);
    } finally {
      await anvil.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
