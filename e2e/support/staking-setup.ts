import { randomInt } from "node:crypto";
import { createPublicClient, createWalletClient, getAddress, http, type Address, type Hex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { pluginFarmAbi, pluginTokenAbi, stakingRewardsAbi } from "@pli/abis";
import { createDb } from "@pli/api/db/database";
import { accrueIncentives, dateKeyOf, type AccrualDeps } from "@pli/api/incentive";
import { API, NODE_STATUS, STAKE_REQUEST_STATUS, type IncentiveResponse, type Paged } from "@pli/api/public-contract";
import { DEV_KEYS } from "../../scripts/lib/dev-accounts.ts";
import { waitFor } from "../../scripts/lib/wait.ts";
import { callApi, loopbackIp, randomAddress } from "./records.ts";
import type { SharedStack } from "./stack.ts";
import { receiptOf } from "../../scripts/lib/receipt.ts";

/**
 * Chain and API steps the staking, incentive and XDC browser tests take as given: the admin's node approval, request
 * approval and unlock, each sent from the contracts' owner and saved through the API (the admin's screens are tested
 * elsewhere); the owner's minting of reward PLI; the API's own accrual of a stake's months.
 */

/** A wallet client of `key` on the stack's chain, and a way to wait for a successful receipt. */
export function chainAs(stack: SharedStack, key: Hex) {
  const transport = http(stack.urls.rpc);
  const chain = createPublicClient({ transport });
  const wallet = createWalletClient({ account: privateKeyToAccount(key), transport });
  const mined = async (hash: Hex) => {
    const receipt = await receiptOf(chain, hash);
    if (receipt.status !== "success") throw new Error(`transaction ${hash} reverted`);
    return receipt;
  };
  return { chain, wallet, mined };
}

export interface RegisteredNode {
  _id: string;
  name: string;
  ipaddress: string;
  nodeAddress: Address;
}

export type ApprovedNode = RegisteredNode;

/** A node of the operator of `token` registered through the API, on a loopback address and node address of its own. */
export async function registeredNode(stack: SharedStack, token: string, name: string): Promise<RegisteredNode> {
  const node = { name, ipaddress: loopbackIp(), nodeAddress: randomAddress() };
  const { data } = await callApi<{ data: { _id: string } }>(stack, API.node.root, token, {
    ...node,
    provider: "Vultr",
    os: "Ubuntu 24.04",
    ram: 32,
    storage: 500,
    security: "6.8.0-45",
    oracleAddress: randomAddress(),
  });
  return { _id: data._id, ...node };
}

/**
 * A node of the operator (named `name`, or 'Staking node' and a number) registered through the API, whitelisted with
 * whiteListIt on the chain, and saved Approved by the admin once indexed.
 */
export async function approvedNode(
  stack: SharedStack,
  tokens: { operator: string; admin: string },
  wallet: Address,
  name = `Staking node ${randomInt(1e6)}`,
): Promise<ApprovedNode> {
  const node = await registeredNode(stack, tokens.operator, name);
  const owner = chainAs(stack, DEV_KEYS.owner);
  const { stakingRewards } = stack.deployment.contracts;
  await owner.mined(
    await owner.wallet.writeContract({
      address: stakingRewards,
      abi: stakingRewardsAbi,
      functionName: "whiteListIt",
      args: [getAddress(wallet), node.nodeAddress],
      chain: null,
    }),
  );
  await waitFor(
    "the node approved once its whitelist is indexed",
    () => callApi(stack, API.node.edit, tokens.admin, { _id: node._id, status: NODE_STATUS.approved, adminNotes: "" }),
    { timeoutMs: 20_000, intervalMs: 200 },
  );
  return node;
}

/**
 * The admin approves the operator's request: whiteListPLIFarmNode on the farm contract, then Approved saved once
 * indexed.
 */
export async function approveRequest(
  stack: SharedStack,
  adminToken: string,
  requestId: string,
  wallet: Address,
  nodeAddress: Address,
): Promise<void> {
  const owner = chainAs(stack, DEV_KEYS.owner);
  await owner.mined(
    await owner.wallet.writeContract({
      address: stack.deployment.contracts.pluginFarm,
      abi: pluginFarmAbi,
      functionName: "whiteListPLIFarmNode",
      args: [getAddress(wallet), nodeAddress],
      chain: null,
    }),
  );
  await waitFor(
    "the request approved once the farm whitelist is indexed",
    () =>
      callApi(stack, API.stakeRequest.updateStatus, adminToken, {
        _id: requestId,
        status: STAKE_REQUEST_STATUS.approved,
      }),
    {
      timeoutMs: 20_000,
      intervalMs: 200,
    },
  );
}

/** The admin unlocks the position (wallet, node) on the chain; answers the transaction's hash. */
export async function unlockStake(stack: SharedStack, wallet: Address, nodeAddress: Address): Promise<Hex> {
  const owner = chainAs(stack, DEV_KEYS.owner);
  const { transactionHash } = await owner.mined(
    await owner.wallet.writeContract({
      address: stack.deployment.contracts.stakingRewards,
      abi: stakingRewardsAbi,
      functionName: "unlock",
      args: [getAddress(wallet), nodeAddress],
      chain: null,
    }),
  );
  return transactionHash;
}

/** The contracts' owner mints `amount` PLI to itself, to deposit as rewards. */
export async function mintToOwner(stack: SharedStack, amount: bigint): Promise<void> {
  const owner = chainAs(stack, DEV_KEYS.owner);
  await owner.mined(
    await owner.wallet.writeContract({
      address: stack.deployment.contracts.pliToken,
      abi: pluginTokenAbi,
      functionName: "mint",
      args: [owner.wallet.account.address, amount],
      chain: null,
    }),
  );
}

/**
 * The contracts' owner pays one reward on the chain outside the portal (as a script or a Safe could): it mints and
 * deposits `amount`, then payRewards `amount` for (wallet, node, date), whatever the portal's row of that month says.
 */
export async function payRewardOnChain(
  stack: SharedStack,
  reward: { wallet: Address; node: Address; date: string; amount: bigint },
): Promise<void> {
  await mintToOwner(stack, reward.amount);
  const owner = chainAs(stack, DEV_KEYS.owner);
  const { stakingRewards, pliToken } = stack.deployment.contracts;
  const send = async (call: Parameters<typeof owner.wallet.writeContract>[0]) =>
    owner.mined(await owner.wallet.writeContract(call));
  await send({
    address: pliToken,
    abi: pluginTokenAbi,
    functionName: "approve",
    args: [stakingRewards, reward.amount],
    chain: null,
  });
  await send({
    address: stakingRewards,
    abi: stakingRewardsAbi,
    functionName: "depositReward",
    args: [reward.amount],
    chain: null,
  });
  await send({
    address: stakingRewards,
    abi: stakingRewardsAbi,
    functionName: "payRewards",
    args: [[getAddress(reward.wallet)], [reward.amount], [BigInt(dateKeyOf(reward.date))], [getAddress(reward.node)]],
    chain: null,
  });
}

/**
 * The wallet of `key` stakes `amount` (the contract's minimum stake when not given) on `nodeAddress` (approve, then
 * stakeTokens); answers the amount, the time of the stake's block and its transaction.
 */
export async function stakeOnChain(
  stack: SharedStack,
  key: Hex,
  nodeAddress: Address,
  amount?: bigint,
): Promise<{ amount: bigint; stakedAt: Date; transactionHash: Hex }> {
  const { chain, wallet, mined } = chainAs(stack, key);
  const { stakingRewards, pliToken } = stack.deployment.contracts;
  amount ??= await chain.readContract({
    address: stakingRewards,
    abi: stakingRewardsAbi,
    functionName: "minStakeAmt",
  });
  await mined(
    await wallet.writeContract({
      address: pliToken,
      abi: pluginTokenAbi,
      functionName: "approve",
      args: [stakingRewards, amount],
      chain: null,
    }),
  );
  const staked = await mined(
    await wallet.writeContract({
      address: stakingRewards,
      abi: stakingRewardsAbi,
      functionName: "stakeTokens",
      args: [amount, nodeAddress],
      chain: null,
    }),
  );
  const block = await chain.getBlock({ blockNumber: staked.blockNumber });
  return { amount, stakedAt: new Date(Number(block.timestamp) * 1000), transactionHash: staked.transactionHash };
}

/** The incentive rows of the operator of `token`, as the API lists them (the first ten). */
export const incentiveRows = async (stack: SharedStack, token: string): Promise<IncentiveResponse[]> =>
  (await callApi<Paged<IncentiveResponse>>(stack, `${API.incentive.root}?limit=10`, token)).docs;

/**
 * Runs the API's own accrual with its clock (`now` and `until`) at the start of the `months`-th month after the one of
 * `stakedAt` until no month waits on the indexer and the operator of `token` has one incentive row per month: the stake's
 * months accrued. The accrual is told the chain's head as it stood when this was called (read from `chain`), so it waits
 * for the indexer to reach that block; a chain that mines a block every second (the XDC stand-in) would otherwise move
 * the head on before each check saw the indexer at it.
 *
 * The browser files share one chain, which lives in the current month, and each runs the accrual with a clock moved to
 * a month's end, which in the product happens only once that month is over. A month an earlier file accrued would
 * stay done and give this file's later stake no row, so the months from the stake's on are reopened first: running
 * the accrual again adds the rows it lacks and keeps the ones there (one row per wallet, node and date).
 */
export async function accrueStakeMonths(
  stack: SharedStack,
  {
    chain,
    stakedAt,
    months,
    token,
  }: { chain: NonNullable<AccrualDeps["chain"]>; stakedAt: Date; months: number; token: string },
): Promise<void> {
  const from = new Date(Date.UTC(stakedAt.getUTCFullYear(), stakedAt.getUTCMonth(), 1));
  const until = new Date(Date.UTC(stakedAt.getUTCFullYear(), stakedAt.getUTCMonth() + months, 1));
  const head = await chain.getBlockNumber({ cacheTime: 0 });
  const atHead = { getBlockNumber: () => Promise.resolve(head) };
  const db = createDb(stack.databaseUrl, 2);
  try {
    await db.deleteFrom("app.incentive_accrual_month").where("month", ">=", from.toISOString().slice(0, 10)).execute();
    await waitFor(
      "the stake's months accrued",
      async () =>
        (await accrueIncentives({ db, chain: atHead, now: () => until }, until)).waiting === null &&
        (await incentiveRows(stack, token)).length === months,
      { timeoutMs: 30_000, intervalMs: 250 },
    );
  } finally {
    await db.destroy();
  }
}
