import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import {
  createPublicClient,
  createWalletClient,
  getAddress,
  parseEther,
  parseUnits,
  type Abi,
  type Address,
  type Hex,
} from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { chainHttp, DEFAULT_SETTINGS, type Deployment } from "@pli/abis";
import { compile, writeAbis, type Artifact } from "./compile.ts";
import { receiptOf } from "../../scripts/lib/receipt.ts";

/** The stake limits a fresh deployment starts with: the same defaults as the portal's settings. */
export const DEFAULT_MIN_STAKE = parseUnits(String(DEFAULT_SETTINGS.minimumStake), 18);
export const DEFAULT_MAX_STAKE = parseUnits(String(DEFAULT_SETTINGS.maximumStake), 18);

export interface DeployOptions {
  rpcUrl: string;
  /** Key of the account that deploys and owns the contracts (and is the chain-side admin). */
  ownerKey: Hex;
  minStake?: bigint;
  maxStake?: bigint;
}

export interface SeedOptions {
  /** Wallets funded with PLI (and native coin when `nativeEach` is set). */
  operators: Address[];
  pliEach: bigint;
  nativeEach?: bigint;
  /** PLI deposited into the reward pool by the owner. */
  rewardDeposit?: bigint;
}

function clients(rpcUrl: string, ownerKey: Hex) {
  const account = privateKeyToAccount(ownerKey);
  const transport = chainHttp(rpcUrl);
  const publicClient = createPublicClient({ transport });
  const walletClient = createWalletClient({ account, transport });
  return { account, publicClient, walletClient };
}

/** Compiles (when the sources changed) and deploys PluginToken, StakingRewards and PluginFarm. */
export async function deployContracts(options: DeployOptions): Promise<Deployment> {
  const artifacts = compile();
  writeAbis(artifacts);
  const { account, publicClient, walletClient } = clients(options.rpcUrl, options.ownerKey);
  const chainId = await publicClient.getChainId();
  const chain = {
    id: chainId,
    name: `chain-${chainId}`,
    nativeCurrency: { name: "XDC", symbol: "XDC", decimals: 18 },
    rpcUrls: { default: { http: [options.rpcUrl] } },
  };
  const startBlock = await publicClient.getBlockNumber();

  async function deploy(artifact: Artifact, args: readonly unknown[]): Promise<Address> {
    const hash = await walletClient.deployContract({
      abi: artifact.abi as Abi,
      bytecode: artifact.bytecode,
      args,
      chain,
      account,
    });
    const receipt = await receiptOf(publicClient, hash, { intervalMs: 50, timeoutMs: 180_000 });
    if (receipt.status !== "success" || !receipt.contractAddress) {
      throw new Error(`Deploying ${artifact.contractName} failed (tx ${hash})`);
    }
    return getAddress(receipt.contractAddress);
  }

  const minStake = options.minStake ?? DEFAULT_MIN_STAKE;
  const maxStake = options.maxStake ?? DEFAULT_MAX_STAKE;
  const pliToken = await deploy(artifacts.PluginToken, [account.address]);
  const stakingRewards = await deploy(artifacts.StakingRewards, [account.address, pliToken, minStake, maxStake]);
  const pluginFarm = await deploy(artifacts.PluginFarm, [account.address, minStake, maxStake]);
  return {
    chainId,
    startBlock: Number(startBlock),
    contracts: { pliToken, stakingRewards, pluginFarm },
    deployer: account.address,
    deployedAt: new Date().toISOString(),
  };
}

/** Funds the demo operators with PLI and native coin and fills the reward pool. */
export async function seedDemoData(deployment: Deployment, options: DeployOptions, seed: SeedOptions): Promise<void> {
  const artifacts = compile();
  const { account, publicClient, walletClient } = clients(options.rpcUrl, options.ownerKey);
  const chain = {
    id: deployment.chainId,
    name: `chain-${deployment.chainId}`,
    nativeCurrency: { name: "XDC", symbol: "XDC", decimals: 18 },
    rpcUrls: { default: { http: [options.rpcUrl] } },
  };
  const token = { address: deployment.contracts.pliToken, abi: artifacts.PluginToken.abi as Abi };
  const send = async (hash: Hex) => {
    const receipt = await receiptOf(publicClient, hash, { intervalMs: 50, timeoutMs: 180_000 });
    if (receipt.status !== "success") throw new Error(`Seed transaction ${hash} reverted`);
  };
  for (const operator of seed.operators) {
    await send(
      await walletClient.writeContract({
        ...token,
        functionName: "mint",
        args: [operator, seed.pliEach],
        chain,
        account,
      }),
    );
    if (seed.nativeEach) {
      await send(await walletClient.sendTransaction({ to: operator, value: seed.nativeEach, chain, account }));
    }
  }
  if (seed.rewardDeposit && seed.rewardDeposit > 0n) {
    const staking = deployment.contracts.stakingRewards;
    await send(
      await walletClient.writeContract({
        ...token,
        functionName: "mint",
        args: [account.address, seed.rewardDeposit],
        chain,
        account,
      }),
    );
    await send(
      await walletClient.writeContract({
        ...token,
        functionName: "approve",
        args: [staking, seed.rewardDeposit],
        chain,
        account,
      }),
    );
    await send(
      await walletClient.writeContract({
        address: staking,
        abi: artifacts.StakingRewards.abi as Abi,
        functionName: "depositReward",
        args: [seed.rewardDeposit],
        chain,
        account,
      }),
    );
  }
}

/** PLI/USD as the mock feed answers it: 8 decimals, as USD feeds do. */
export const PRICE_FEED_DECIMALS = 8;
export const PRICE_FEED_DESCRIPTION = "PLI / USD";

/** Deploys the mock PLI/USD price feed (local chains and tests only), owned by `ownerKey`'s account. */
export async function deployMockPriceFeed(options: Pick<DeployOptions, "rpcUrl" | "ownerKey">): Promise<Address> {
  const artifact = compile().MockPriceFeed;
  const { account, publicClient, walletClient } = clients(options.rpcUrl, options.ownerKey);
  const hash = await walletClient.deployContract({
    abi: artifact.abi as Abi,
    bytecode: artifact.bytecode,
    args: [account.address, PRICE_FEED_DECIMALS, PRICE_FEED_DESCRIPTION],
    chain: null,
    account,
  });
  const receipt = await receiptOf(publicClient, hash, { intervalMs: 50, timeoutMs: 180_000 });
  if (receipt.status !== "success" || !receipt.contractAddress)
    throw new Error(`Deploying MockPriceFeed failed (tx ${hash})`);
  return getAddress(receipt.contractAddress);
}

export function writeDeploymentFile(file: string, deployment: Deployment): void {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify(deployment, null, 2)}\n`);
}

export const DEMO_SEED = {
  pliEach: parseUnits("5000000", 18),
  nativeEach: parseEther("1000"),
  rewardDeposit: parseUnits("1000000", 18),
} as const;
