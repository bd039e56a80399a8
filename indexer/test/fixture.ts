import {
  createPublicClient,
  createTestClient,
  createWalletClient,
  defineChain,
  getContract,
  http,
  parseUnits,
  type Address,
  type Hex,
  type TransactionReceipt,
} from "viem";
import { pluginFarmAbi, pluginTokenAbi, stakingRewardsAbi, type Deployment } from "@pli/abis";
import { createDb, type Db } from "../../api/src/db/database.ts";
import { deployContracts } from "../../contracts/scripts/deploy.ts";
import { startAnvil, type Anvil } from "../../scripts/lib/anvil.ts";
import { devAccount, DEV_KEYS, type DevAccountName } from "../../scripts/lib/dev-accounts.ts";
import { startIndexer, waitForIndexedBlock, type Indexer } from "../../scripts/lib/indexer.ts";
import { createTestDatabase } from "../../test/database.ts";

export const pli = (amount: number | string) => parseUnits(String(amount), 18);

export const NODE_A: Address = "0x00000000000000000000000000000000000000a1";
export const NODE_B: Address = "0x00000000000000000000000000000000000000b2";

/** A fresh anvil chain with the contracts deployed, its own database, and typed contract handles per dev account. */
export async function chainFixture() {
  const anvil: Anvil = await startAnvil();
  const deployment: Deployment = await deployContracts({ rpcUrl: anvil.rpcUrl, ownerKey: DEV_KEYS.owner });
  const databaseUrl = await createTestDatabase("indexer");
  const chain = defineChain({
    id: deployment.chainId,
    name: "anvil",
    nativeCurrency: { name: "XDC", symbol: "XDC", decimals: 18 },
    rpcUrls: { default: { http: [anvil.rpcUrl] } },
  });
  const transport = http(anvil.rpcUrl);
  const publicClient = createPublicClient({ chain, transport, pollingInterval: 10 });
  const testClient = createTestClient({ chain, transport, mode: "anvil" });
  const db: Db = createDb(databaseUrl, 2);

  const as = (name: DevAccountName) => {
    const client = { public: publicClient, wallet: createWalletClient({ account: devAccount(name), chain, transport }) };
    return {
      address: devAccount(name).address,
      token: getContract({ address: deployment.contracts.pliToken, abi: pluginTokenAbi, client }),
      staking: getContract({ address: deployment.contracts.stakingRewards, abi: stakingRewardsAbi, client }),
      farm: getContract({ address: deployment.contracts.pluginFarm, abi: pluginFarmAbi, client }),
    };
  };

  /** Waits for the receipt of a sent transaction; throws when it reverted. */
  const mined = async (sent: Promise<Hex> | Hex): Promise<TransactionReceipt> => {
    const receipt = await publicClient.waitForTransactionReceipt({ hash: await sent, pollingInterval: 10 });
    if (receipt.status !== "success") throw new Error(`transaction ${receipt.transactionHash} reverted`);
    return receipt;
  };

  /** Mints and approves PLI so that `name` can stake and deposit. */
  const fund = async (name: DevAccountName, amount: bigint) => {
    await mined(as("owner").token.write.mint([devAccount(name).address, amount]));
    await mined(as(name).token.write.approve([deployment.contracts.stakingRewards, amount]));
  };

  let indexer: Indexer | undefined;
  return {
    anvil,
    deployment,
    databaseUrl,
    publicClient,
    testClient,
    db,
    as,
    mined,
    fund,
    get indexer() {
      if (!indexer) throw new Error("the indexer is not running");
      return indexer;
    },
    async startIndexer() {
      indexer = await startIndexer({ databaseUrl, rpcUrl: anvil.rpcUrl, wsUrl: anvil.wsUrl, deployment });
      return indexer;
    },
    /** Resolves once `chain.*` reflects the chain's current head. */
    async synced() {
      await waitForIndexedBlock(databaseUrl, await publicClient.getBlockNumber({ cacheTime: 0 }));
    },
    async stop() {
      await indexer?.stop();
      await db.destroy();
      await anvil.stop();
    },
  };
}

export type ChainFixture = Awaited<ReturnType<typeof chainFixture>>;
