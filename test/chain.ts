import {
  createPublicClient,
  createTestClient,
  createWalletClient,
  defineChain,
  getContract,
  http,
  type Address,
  type Hex,
  type TransactionReceipt,
} from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { mockPriceFeedAbi, pluginFarmAbi, pluginTokenAbi, stakingRewardsAbi, type Deployment } from "@pli/abis";
import { parsePli } from "@pli/api/shared/pli";
import { deployContracts, deployMockPriceFeed, type DeployOptions } from "../contracts/scripts/deploy.ts";
import { startAnvil } from "../scripts/lib/anvil.ts";
import { DEV_KEYS, type DevAccountName } from "../scripts/lib/dev-accounts.ts";
import { receiptOf } from "../scripts/lib/receipt.ts";

/** An amount of PLI in wei. */
export const pli = (amount: number | string) => parsePli(amount);

/**
 * Clients for a chain the portal's contracts are deployed on: typed contract handles per account
 * (a dev account's name or a private key), receipts that throw on revert, and anvil's test actions.
 */
export function chainClients(rpcUrl: string, deployment: Deployment) {
  const chain = defineChain({
    id: deployment.chainId,
    name: "anvil",
    nativeCurrency: { name: "XDC", symbol: "XDC", decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
  });
  const transport = http(rpcUrl);
  const publicClient = createPublicClient({ chain, transport, pollingInterval: 10 });
  const testClient = createTestClient({ chain, transport, mode: "anvil" });
  const { pliToken, stakingRewards, pluginFarm, priceFeed } = deployment.contracts;

  const as = (who: DevAccountName | Hex) => {
    const account = privateKeyToAccount(who.startsWith("0x") ? (who as Hex) : DEV_KEYS[who as DevAccountName]);
    const client = { public: publicClient, wallet: createWalletClient({ account, chain, transport }) };
    return {
      account,
      address: account.address,
      token: getContract({ address: pliToken, abi: pluginTokenAbi, client }),
      staking: getContract({ address: stakingRewards, abi: stakingRewardsAbi, client }),
      farm: getContract({ address: pluginFarm, abi: pluginFarmAbi, client }),
      /** The mock price feed, on a chain started with one. */
      priceFeed: priceFeed ? getContract({ address: priceFeed, abi: mockPriceFeedAbi, client }) : undefined,
    };
  };

  /** Waits for the receipt of a sent transaction (`receiptOf`); throws when it reverted. */
  const mined = async (sent: Promise<Hex> | Hex): Promise<TransactionReceipt> => {
    const receipt = await receiptOf(publicClient, await sent, { timeoutMs: 30_000 });
    if (receipt.status !== "success") throw new Error(`transaction ${receipt.transactionHash} reverted`);
    return receipt;
  };

  /** Mints `amount` PLI to `who` (the owner mints) and approves the staking contract to take it. */
  const fund = async (who: DevAccountName | Hex, amount: bigint) => {
    await mined(as("owner").token.write.mint([as(who).address, amount]));
    await mined(as(who).token.write.approve([stakingRewards, amount]));
  };

  return { chain, deployment, publicClient, testClient, as, mined, fund };
}

export type ChainClients = ReturnType<typeof chainClients>;

/** A fresh anvil chain with the contracts deployed by the dev owner; with `priceFeed`, the mock PLI/USD feed too. */
export async function startChain({
  priceFeed,
  ...limits
}: Pick<DeployOptions, "minStake" | "maxStake"> & { priceFeed?: boolean } = {}) {
  const anvil = await startAnvil();
  try {
    const options = { rpcUrl: anvil.rpcUrl, ownerKey: DEV_KEYS.owner };
    const deployed = await deployContracts({ ...options, ...limits });
    const deployment = priceFeed
      ? { ...deployed, contracts: { ...deployed.contracts, priceFeed: await deployMockPriceFeed(options) } }
      : deployed;
    return { anvil, ...chainClients(anvil.rpcUrl, deployment) };
  } catch (error) {
    await anvil.stop();
    throw error;
  }
}

/** One account's staking calls, each waiting for its receipt (the stack's smoke test and benches). */
export function chainActor(rpcUrl: string, deployment: Deployment, key: Hex) {
  const { as, mined, publicClient } = chainClients(rpcUrl, deployment);
  const me = as(key);
  return {
    account: me.account,
    publicClient,
    whitelist: (wallet: Address, node: Address) => mined(me.staking.write.whiteListIt([wallet, node])),
    approve: (amount: bigint) => mined(me.token.write.approve([deployment.contracts.stakingRewards, amount])),
    stake: (amount: bigint, node: Address) => mined(me.staking.write.stakeTokens([amount, node])),
    topup: (amount: bigint, node: Address) => mined(me.staking.write.topupStake([amount, node])),
    /** Sends a top-up and returns as soon as the node accepted it (anvil mines it in that call). */
    sendTopup: (amount: bigint, node: Address) => me.staking.write.topupStake([amount, node]),
  };
}
