import { createPublicClient, http, type Address, type Hex, type PublicClient } from "viem";
import { pluginTokenAbi, stakingRewardsAbi, type Deployment } from "@pli/abis";
import { chainClients } from "../../../test/chain.ts";
import { receiptOf } from "../receipt.ts";
import type { ChainStatus, Position } from "./rules.ts";

/** The gas every harness transaction carries: a call that must revert is mined (and reverts) instead of failing its estimate. */
const TX_GAS = 2_000_000n;

/**
 * The fees the node asks for, as a wallet works them out: its gas price on a chain whose blocks carry no base fee (a
 * pre-1559 XDC node), else twice the base fee plus the node's suggested tip. Read once per run: the harness's small
 * transactions never raise the base fee, and an XDC node's is fixed.
 */
export async function nodeFees(client: PublicClient) {
  const { baseFeePerGas } = await client.getBlock();
  if (baseFeePerGas === null) return { gasPrice: await client.getGasPrice() };
  const tip = await client.estimateMaxPriorityFeePerGas();
  return { maxFeePerGas: 2n * baseFeePerGas + tip, maxPriorityFeePerGas: tip };
}

/** A transaction anvil has not mined this long after accepting it is stuck (it mines on receipt). */
const MINED_TIMEOUT_MS = 20_000;

export interface Mined {
  hash: Hex;
  block: bigint;
  ok: boolean;
}

/**
 * The harness's view of the chain: typed contract handles per key (test/chain.ts), the view functions
 * it reads (batched into one JSON-RPC request per tick, at the head or at `block`), and a send that
 * waits for the receipt and reports success or revert.
 */
export async function harnessChain(rpcUrl: string, deployment: Deployment) {
  const clients = chainClients(rpcUrl, deployment);
  const tx = { gas: TX_GAS, ...(await nodeFees(clients.publicClient as PublicClient)) };
  const reader = createPublicClient({ chain: clients.chain, transport: http(rpcUrl, { batch: { batchSize: 500 } }) });
  const { pliToken, stakingRewards } = deployment.contracts;
  const staking = { address: stakingRewards, abi: stakingRewardsAbi } as const;
  const token = { address: pliToken, abi: pluginTokenAbi } as const;
  const handles = new Map<Hex, ReturnType<typeof clients.as>>();

  /**
   * What the chain says of a transaction it did not mine: its sender and nonce, their nonces now, and which recent
   * block holds a transaction with that nonce.
   */
  async function whyNotMined(hash: Hex): Promise<string> {
    const tx = await clients.publicClient.getTransaction({ hash }).catch(() => null);
    if (!tx) return "the chain does not know it";
    const { publicClient } = clients;
    const [latest, pending, head] = await Promise.all([
      publicClient.getTransactionCount({ address: tx.from, blockTag: "latest" }),
      publicClient.getTransactionCount({ address: tx.from, blockTag: "pending" }),
      publicClient.getBlockNumber({ cacheTime: 0 }),
    ]);
    let taken = "no block of the last 30 has a transaction with that nonce";
    for (let number = head; number >= 0n && number > head - 30n; number--) {
      const block = await publicClient.getBlock({ blockNumber: number, includeTransactions: true });
      const other = block.transactions.find((t) => t.from === tx.from && t.nonce === tx.nonce);
      if (other) {
        taken = `block ${number} holds ${other.hash} with that nonce`;
        break;
      }
    }
    return `from ${tx.from}, nonce ${tx.nonce}, block ${tx.blockNumber ?? "none"}; the account's latest and pending nonces ${latest}, ${pending}; head ${head}; ${taken}`;
  }

  return {
    ...clients,
    reader,
    /** Gas and fees for every send (nodeFees). */
    tx,
    /** Contract handles signing with `key`, made once per key. */
    as(key: Hex) {
      let handle = handles.get(key);
      if (!handle) handles.set(key, (handle = clients.as(key)));
      return handle;
    },
    /**
     * Polls for the transaction's receipt (anvil mines each transaction on its own right after accepting
     * it; see `receiptOf`).
     */
    async mined(sent: Promise<Hex>): Promise<Mined> {
      const hash = await sent;
      const receipt = await receiptOf(clients.publicClient, hash, {
        timeoutMs: MINED_TIMEOUT_MS,
        intervalMs: 5,
      }).catch(async (error: unknown) => {
        throw new Error(`transaction ${hash} was not mined: ${await whyNotMined(hash)}`, { cause: error });
      });
      return { hash, block: receipt.blockNumber, ok: receipt.status === "success" };
    },
    head: () => clients.publicClient.getBlockNumber({ cacheTime: 0 }),
    async position(wallet: Address, node: Address, block?: bigint): Promise<Position> {
      const [amount, status] = await reader.readContract({
        ...staking,
        functionName: "positions",
        args: [wallet, node],
        blockNumber: block,
      });
      return { amount, status: status as ChainStatus };
    },
    whitelisted: (wallet: Address, node: Address) =>
      reader.readContract({ ...staking, functionName: "whitelisted", args: [wallet, node] }),
    async limits() {
      const [min, max] = await Promise.all([
        reader.readContract({ ...staking, functionName: "minStakeAmt" }),
        reader.readContract({ ...staking, functionName: "maxStakeAmt" }),
      ]);
      return { min, max };
    },
    rewardPool: (block?: bigint) => reader.readContract({ ...staking, functionName: "rewardPool", blockNumber: block }),
    isRewardPaid: (wallet: Address, node: Address, date: bigint, block?: bigint) =>
      reader.readContract({ ...staking, functionName: "isRewardPaid", args: [wallet, node, date], blockNumber: block }),
    /** PLI balance, and allowance to the staking contract. */
    async funds(wallet: Address) {
      const [balance, allowance] = await Promise.all([
        reader.readContract({ ...token, functionName: "balanceOf", args: [wallet] }),
        reader.readContract({ ...token, functionName: "allowance", args: [wallet, stakingRewards] }),
      ]);
      return { balance, allowance };
    },
  };
}

export type HarnessChain = Awaited<ReturnType<typeof harnessChain>>;
