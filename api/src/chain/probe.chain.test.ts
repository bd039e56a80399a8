import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { probeChain, type Deployment } from "@pli/abis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deployContracts } from "../../../contracts/scripts/deploy.ts";
import { startAnvil, type Anvil } from "../../../scripts/lib/anvil.ts";
import { apiEnvironment } from "../../../scripts/lib/api.ts";
import { freePort } from "../../../scripts/lib/ports.ts";
import { startService } from "../../../scripts/lib/service.ts";
import { waitFor } from "../../../scripts/lib/wait.ts";
import { DEV_KEYS } from "../../../scripts/lib/dev-accounts.ts";
import { startXdcRpc, xdcAnvilOptions, type XdcRpc } from "../../../scripts/lib/xdc-rpc.ts";

let anvil: Anvil;
let deployment: Deployment;
let xdc: XdcRpc;

beforeAll(async () => {
  anvil = await startAnvil(xdcAnvilOptions("legacy"));
  deployment = await deployContracts({ rpcUrl: anvil.rpcUrl, ownerKey: DEV_KEYS.owner });
  xdc = await startXdcRpc({ upstream: anvil.rpcUrl });
});
afterAll(async () => {
  await xdc?.stop();
  await anvil?.stop();
});

const expected = () => ({
  chainId: deployment.chainId,
  contracts: {
    PLI_TOKEN_ADDRESS: deployment.contracts.pliToken,
    STAKING_ADDRESS: deployment.contracts.stakingRewards,
    FARM_ADDRESS: deployment.contracts.pluginFarm,
  },
});

describe("deploying through an XDC node", () => {
  it("deploys the contracts though the node writes the new contracts' addresses xdc…", async () => {
    const through = await deployContracts({ rpcUrl: xdc.url, ownerKey: DEV_KEYS.owner });
    for (const address of Object.values(through.contracts)) expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/);
    expect(
      await probeChain(xdc.url, {
        chainId: through.chainId,
        contracts: {
          PLI_TOKEN_ADDRESS: through.contracts.pliToken,
          STAKING_ADDRESS: through.contracts.stakingRewards,
          FARM_ADDRESS: through.contracts.pluginFarm,
        },
      }),
    ).toMatchObject({ chainId: 51 });
  });
});

describe("the start's probe of the chain endpoint", () => {
  it("finds an XDC node as it is: xdc addresses, no fee methods, no base fee, 12.5 gwei, 5,000-block logs", async () => {
    expect(await probeChain(xdc.url, expected())).toEqual({
      chainId: 51,
      addressPrefix: "xdc",
      feeMethods: { feeHistory: false, maxPriorityFeePerGas: false },
      baseFeeGwei: null,
      gasPriceGwei: "12.5",
      logRange: { accepted: 5_000, refused: 10_000, message: "exceed maximum block range: 5000" },
    });
  });

  it("finds today's mainnet fee rules and a 0x endpoint as they are", async () => {
    Object.assign(xdc.quirks, { fees: "1559", xdcAddresses: false, logRange: null });
    try {
      expect(await probeChain(xdc.url, expected())).toMatchObject({
        addressPrefix: "0x",
        feeMethods: { feeHistory: true, maxPriorityFeePerGas: true },
        baseFeeGwei: "12.5",
        logRange: { accepted: 10_000, refused: null },
      });
    } finally {
      Object.assign(xdc.quirks, { fees: "legacy", xdcAddresses: true, logRange: 5_000 });
    }
  });

  it("stops the API's start when the endpoint serves another chain, naming CHAIN_ID", { timeout: 60_000 }, async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "pli-probe-"));
    const logFile = path.join(dataDir, "api.log");
    const options = {
      dataDir,
      logFile,
      databaseUrl: "postgresql://u:p@127.0.0.1:1/pli",
      rpcUrl: xdc.url,
      deployment: { ...deployment, chainId: 50 },
    };
    const api = startService({
      name: "api",
      command: process.execPath,
      args: ["--import", "tsx", "api/src/server.ts"],
      env: apiEnvironment(options, await freePort(), {}),
      logFile,
    });
    try {
      expect(await api.exited).toBe(2);
      const refusal = "CHAIN_ID is 50, but the endpoint at RPC_URL serves chain 51";
      // The process's last output can reach the log file after its exit is seen.
      await waitFor("the refusal in the API's log", () => readFileSync(logFile, "utf8").includes(refusal), {
        timeoutMs: 10_000,
      });
    } finally {
      await api.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
