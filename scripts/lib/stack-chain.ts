import { existsSync } from "node:fs";
import path from "node:path";
import { createPublicClient, createWalletClient, http, type Address } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { mockPriceFeedAbi, type Deployment } from "@pli/abis";
import { readDeploymentFile } from "@pli/abis/node";
import {
  DEMO_SEED,
  deployContracts,
  deployMockPriceFeed,
  seedDemoData,
  writeDeploymentFile,
} from "../../contracts/scripts/deploy.ts";
import { startAnvil } from "./anvil.ts";
import { DEPLOYMENT_FILE } from "./data-files.ts";
import { demoGenesisTime, demoPrice } from "./demo-history.ts";
import {
  createSafe,
  deploySafeContracts,
  fundSafe,
  handOwnershipToSafe,
  safeOwnsContracts,
} from "../../contracts/scripts/safe.ts";
import { DEV_KEYS, devAccount, SAFE_ADMINS, SAFE_THRESHOLD } from "./dev-accounts.ts";
import { dropIndexedData } from "./stack-seed.ts";
import type { StackConfig } from "./stack-config.ts";
import { startXdcRpc, XDC_BLOCK_SECONDS, XDC_QUIRKS, xdcAnvilOptions, type XdcQuirks } from "./xdc-rpc.ts";
import { receiptOf } from "./receipt.ts";

export interface StackChain {
  /** What the product (indexer, API, web app) talks to: the chain, or the XDC node in front of it. */
  rpcUrl: string;
  wsUrl?: string;
  /** The chain itself, for seeding and anvil's own methods (rpcUrl but in XDC mode). */
  controlRpcUrl: string;
  deployment: Deployment;
  /** The contracts were deployed on a new chain that starts months back: seed the demo history on it. */
  seedHistory: boolean;
  /** Called once the seed is done: in XDC mode, anvil mines a block every 2 s from then on instead of on each transaction. */
  live?: () => Promise<void>;
  stop?: () => Promise<void>;
}

/** One round of today's demo price on a chain without the demo history, so the dashboards have a current price. */
async function addCurrentPrice(rpcUrl: string, priceFeed: Address): Promise<void> {
  const transport = http(rpcUrl);
  const client = createPublicClient({ transport });
  const wallet = createWalletClient({ account: privateKeyToAccount(DEV_KEYS.owner), transport });
  const { timestamp } = await client.getBlock();
  const hash = await wallet.writeContract({
    address: priceFeed,
    abi: mockPriceFeedAbi,
    functionName: "addRound",
    args: [demoPrice(-1), timestamp],
    chain: null,
  });
  await receiptOf(client, hash);
}

/** Whether `deployment`'s contracts exist on the chain behind `rpcUrl` (a reset chain has lost them). */
async function isDeployed(rpcUrl: string, deployment: Deployment): Promise<boolean> {
  const client = createPublicClient({ transport: http(rpcUrl) });
  if ((await client.getChainId()) !== deployment.chainId) return false;
  const code = await client.getCode({ address: deployment.contracts.stakingRewards });
  return code !== undefined && code !== "0x";
}

/**
 * The chain of the stack: an external one as configured, or an embedded anvil whose state lives in
 * `dataDir`, with the contracts deployed and the demo data seeded the first time (or after a reset).
 */
export async function startChain(options: {
  external?: StackConfig["chain"];
  dataDir: string;
  databaseUrl: string;
  port?: number;
  demoHistory?: boolean;
  /**
   * Run anvil as chain 51 behind the XDC node stand-in (xdc-rpc.ts) with these quirks switched (all on by default),
   * mining a block every 2 s once the contracts are there.
   */
  xdc?: Partial<XdcQuirks>;
  /** In XDC mode, the seconds between blocks once the contracts are there (default XDC_BLOCK_SECONDS). */
  xdcBlockSeconds?: number;
  startedAt: Date;
  log: (service: string, line: string) => void;
}): Promise<StackChain> {
  const { external, dataDir, log } = options;
  if (external) {
    const deployment = { ...external, deployer: external.contracts.pliToken, deployedAt: "external" };
    const { rpcUrl, wsUrl } = external;
    return { rpcUrl, wsUrl, controlRpcUrl: rpcUrl, deployment, seedHistory: false };
  }
  log("anvil", options.xdc ? "starting anvil behind the XDC node stand-in" : "starting anvil");
  const statePath = path.join(dataDir, "anvil", "state.json");
  const genesisTime = options.demoHistory && !existsSync(statePath) ? demoGenesisTime(options.startedAt) : undefined;
  const quirks = options.xdc ? { ...XDC_QUIRKS, ...options.xdc } : undefined;
  const blockSeconds = options.xdcBlockSeconds ?? XDC_BLOCK_SECONDS;
  const anvil = await startAnvil({
    port: options.port,
    statePath,
    genesisTime,
    ...(quirks ? xdcAnvilOptions(quirks.fees) : {}),
  });
  const xdc = quirks
    ? await startXdcRpc({ upstream: anvil.rpcUrl, quirks }).catch(async (error: unknown) => {
        await anvil.stop();
        throw error;
      })
    : undefined;
  const chain = {
    rpcUrl: xdc?.url ?? anvil.rpcUrl,
    wsUrl: xdc ? (quirks!.websocket ? xdc.url.replace(/^http/, "ws") : undefined) : anvil.wsUrl,
    controlRpcUrl: anvil.rpcUrl,
    live: xdc
      ? async () => {
          await createPublicClient({ transport: http(anvil.rpcUrl) }).request({
            method: "evm_setIntervalMining",
            params: [blockSeconds],
          } as never);
          log("anvil", `mining a block every ${blockSeconds} s, as XDPoS does`);
        }
      : undefined,
    stop: async () => {
      await xdc?.stop();
      await anvil.stop();
    },
  };
  const ready = <T extends { deployment: Deployment }>(started: T) => {
    if (xdc) log("anvil", `XDC mode: chain ${started.deployment.chainId}, the node at ${xdc.url}`);
    return started;
  };
  try {
    const deploymentFile = path.join(dataDir, DEPLOYMENT_FILE);
    const existing = existsSync(deploymentFile) ? readDeploymentFile(deploymentFile) : undefined;
    if (existing && (await isDeployed(anvil.rpcUrl, existing)))
      return ready({ ...chain, deployment: existing, seedHistory: false });
    log("anvil", "compiling and deploying contracts, seeding demo data");
    await dropIndexedData(options.databaseUrl);
    const deployOptions = { rpcUrl: anvil.rpcUrl, ownerKey: DEV_KEYS.owner };
    const deployed = await deployContracts(deployOptions);
    const priceFeed = await deployMockPriceFeed(deployOptions);
    const deployment = { ...deployed, contracts: { ...deployed.contracts, priceFeed } };
    if (genesisTime === undefined) await addCurrentPrice(anvil.rpcUrl, priceFeed);
    await seedDemoData(deployment, deployOptions, {
      operators: [devAccount("validator").address, devAccount("standby").address],
      ...DEMO_SEED,
    });
    writeDeploymentFile(deploymentFile, deployment);
    return ready({ ...chain, deployment, seedHistory: genesisTime !== undefined });
  } catch (error) {
    await chain.stop();
    throw error;
  }
}

/** The PLI minted to the demo Safe when it is created, for reward deposits proposed from its own balance. */
export const DEMO_SAFE_PLI = DEMO_SEED.rewardDeposit;

/**
 * The demo Safe on the stack's own chain, after the portal's contracts (whose addresses therefore never move): the
 * Safe 1.4.1 contracts at their canonical addresses and a 2-of-3 SafeL2 owned by SAFE_ADMINS, created and funded
 * once. With `handOver` the contracts' ownership moves to it (checked first; final). Returns the deployment with the
 * Safe recorded, and whether the Safe owns the contracts (then the portal runs in Safe mode).
 */
export async function ensureDemoSafe(options: {
  rpcUrl: string;
  dataDir: string;
  deployment: Deployment;
  handOver: boolean;
  log: (service: string, line: string) => void;
}): Promise<{ deployment: Deployment; safeMode: boolean }> {
  const { rpcUrl, log } = options;
  let deployment = options.deployment;
  const owners = SAFE_ADMINS.map((admin) => admin.address);
  if (!deployment.safe) {
    log("anvil", "deploying Safe 1.4.1 and the demo 2-of-3 Safe");
    await deploySafeContracts({ rpcUrl, funderKey: DEV_KEYS.owner });
    const safe = await createSafe({ rpcUrl, funderKey: DEV_KEYS.owner, owners, threshold: SAFE_THRESHOLD });
    await fundSafe({ rpcUrl, ownerKey: DEV_KEYS.owner, deployment, safe: safe.address, pli: DEMO_SAFE_PLI, owners });
    deployment = { ...deployment, safe };
    writeDeploymentFile(path.join(options.dataDir, DEPLOYMENT_FILE), deployment);
  }
  const safe = deployment.safe!.address;
  if (options.handOver) {
    const sent = await handOwnershipToSafe({
      rpcUrl,
      ownerKey: DEV_KEYS.owner,
      deployment,
      safe,
      expected: { owners, threshold: SAFE_THRESHOLD },
    });
    if (sent.length > 0) log("anvil", `the contracts' owner is now the Safe ${safe}`);
  }
  return { deployment, safeMode: await safeOwnsContracts(rpcUrl, deployment, safe) };
}
