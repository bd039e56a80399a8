import {
  createPublicClient,
  createTestClient,
  createWalletClient,
  defineChain,
  getContract,
  http,
  keccak256,
  toHex,
  type Address,
  type Hex,
} from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { mockPriceFeedAbi, pluginTokenAbi, stakingRewardsAbi, type Deployment } from "@pli/abis";
import { NODE_STATUS, USER_ROLE, type UserRole } from "@pli/api/public-contract/domain";
import type { Db } from "@pli/api/db/database";
import {
  accrueMonth,
  type PositionEvent,
  accrualDateOf,
  dateKeyOf,
  monthOf,
  monthStart,
  nextMonth,
  type Month,
} from "@pli/api/public-contract";
import { recordHistory } from "@pli/api/node";
import { parsePli } from "@pli/api/shared/pli";
import { saveNetworkListing } from "@pli/api/network";
import { upsertOperator } from "@pli/api/operator";
import { DEV_KEYS, type DevAccountName } from "./dev-accounts.ts";
import { receiptOf } from "./receipt.ts";

/**
 * A few months of history for `npm start`'s demo chain, so a new user sees real screens: the demo
 * operators' nodes staked months ago (a top-up on the way), the node monitor's inactive days, and the
 * incentives of the first months really paid on the chain with payRewards; the later ones unpaid.
 * Amounts come from the accrual rule itself over the block times the chain recorded, so the API's own
 * accrual (run by the stack once the indexer has the history) makes exactly the rows these payments pay.
 */

const DAY_MS = 86_400_000;
/** Finished months of history before the current one. */
export const DEMO_HISTORY_MONTHS = 4;
const pli = (amount: number) => parsePli(amount);

/** The first day of the history: the first of the month DEMO_HISTORY_MONTHS before the current one (UTC). */
export const demoHistoryStart = (now: Date) =>
  new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - DEMO_HISTORY_MONTHS, 1));
/** The chain must start before the history (anvil's genesis time), to have room for the deployment. */
export const demoGenesisTime = (now: Date) => Math.floor((demoHistoryStart(now).getTime() - 2 * DAY_MS) / 1000);

const seconds = (time: Date) => BigInt(Math.floor(time.getTime() / 1000));
/**
 * The demo's PLI/USD answer (8 decimals) of a week: between $0.035 and $0.045, changing every week so each
 * payout and stake shows the price of its own week; week -1 is today's.
 */
export const demoPrice = (week: number): bigint =>
  4_000_000n + BigInt(((((week * 7919 + 5000) % 1000) + 1000) % 1000) - 500) * 1000n;

const addressOf = (label: string) => keccak256(toHex(label)).slice(0, 42) as Address;

interface DemoNode {
  who: DevAccountName;
  email: string;
  role: UserRole;
  name: string;
  ipaddress: string;
  node: Address;
  /** Days after the start of the history of the first stake, its amount, and an optional top-up in the second month. */
  stake: { day: number; amount: number };
  topup?: { day: number; amount: number };
  /** Inactive days as [month index from the start, day of the month]. */
  inactive: [number, number][];
  /** Whether the operator chose to show the node's name on the public network page (else its address alone). */
  showNodeNames: boolean;
}

const NODES: DemoNode[] = [
  {
    who: "validator",
    email: "validator@pli.local",
    role: USER_ROLE.validator,
    name: "Demo Validator 1",
    ipaddress: "127.0.1.1",
    node: addressOf("pli demo node validator"),
    stake: { day: 2, amount: 100_000 },
    topup: { day: 19, amount: 20_000 },
    inactive: [
      [1, 7],
      [1, 8],
      [2, 12],
    ],
    showNodeNames: true,
  },
  {
    who: "standby",
    email: "standby@pli.local",
    role: USER_ROLE.standby,
    name: "Demo Standby 1",
    ipaddress: "127.0.1.2",
    node: addressOf("pli demo node standby"),
    stake: { day: 14, amount: 60_000 },
    inactive: [
      [2, 3],
      [2, 4],
      [2, 5],
    ],
    showNodeNames: false,
  },
];

const monthAt = (start: Date, index: number): Month =>
  monthOf(new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + index, 1)));
const at = (start: Date, days: number, hour: number) => new Date(start.getTime() + days * DAY_MS + hour * 3_600_000);
const isoDay = (date: Date) => date.toISOString().slice(0, 10);

function chainOf(rpcUrl: string, deployment: Deployment) {
  const chain = defineChain({
    id: deployment.chainId,
    name: "anvil",
    nativeCurrency: { name: "XDC", symbol: "XDC", decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
  });
  const transport = http(rpcUrl);
  const publicClient = createPublicClient({ chain, transport, pollingInterval: 50 });
  const testClient = createTestClient({ chain, transport, mode: "anvil" });
  const as = (who: DevAccountName) => {
    const client = {
      public: publicClient,
      wallet: createWalletClient({ account: privateKeyToAccount(DEV_KEYS[who]), chain, transport }),
    };
    return {
      address: client.wallet.account.address,
      token: getContract({ address: deployment.contracts.pliToken, abi: pluginTokenAbi, client }),
      staking: getContract({ address: deployment.contracts.stakingRewards, abi: stakingRewardsAbi, client }),
      priceFeed: deployment.contracts.priceFeed
        ? getContract({ address: deployment.contracts.priceFeed, abi: mockPriceFeedAbi, client })
        : undefined,
    };
  };
  /** Sends at `time` (the next block's timestamp) and waits; returns the block time. */
  async function sendAt(time: Date | null, send: () => Promise<Hex>): Promise<Date> {
    if (time) await testClient.setNextBlockTimestamp({ timestamp: BigInt(Math.floor(time.getTime() / 1000)) });
    const receipt = await receiptOf(publicClient, await send());
    if (receipt.status !== "success") throw new Error(`Demo history transaction ${receipt.transactionHash} reverted`);
    const block = await publicClient.getBlock({ blockNumber: receipt.blockNumber });
    return new Date(Number(block.timestamp) * 1000);
  }
  return { publicClient, testClient, as, sendAt };
}

/** The demo operators and their nodes in the portal (Approved; the API makes them Active once it sees the stakes). */
async function addNodes(db: Db, start: Date) {
  for (const demo of NODES) {
    const operator = await upsertOperator(db, privateKeyToAccount(DEV_KEYS[demo.who]).address, demo.email, demo.role);
    await saveNetworkListing(db, operator.id, demo.showNodeNames);
    const created = at(start, -1, 8);
    const node = await db
      .insertInto("app.node")
      .values({
        operator_id: operator.id,
        wallet_address: operator.wallet_address,
        name: demo.name,
        description: "Demo node with a few months of history",
        provider: "AWS",
        ipaddress: demo.ipaddress,
        os: "Ubuntu 24.04",
        ram: 32,
        storage: 500,
        security: "6.8.0-45",
        oracle_address: addressOf(`pli demo oracle ${demo.who}`),
        node_address: demo.node.toLowerCase(),
        network: "XDC Apothem",
        status: NODE_STATUS.approved,
        created_at: created,
        updated_at: created,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await recordHistory(db, {
      nodeId: node.id,
      actor: { type: "user", id: operator.id },
      from: null,
      to: NODE_STATUS.pending,
    });
    await recordHistory(db, {
      nodeId: node.id,
      actor: { type: "admin", id: null },
      from: NODE_STATUS.pending,
      to: NODE_STATUS.approved,
    });
    const days = demo.inactive.map(([month, day]) =>
      isoDay(new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + month, day))),
    );
    if (days.length > 0)
      await db
        .insertInto("app.node_inactive_date")
        .values(days.map((day) => ({ node_id: node.id, day })))
        .execute();
  }
}

/**
 * Seeds the history on a chain whose clock is still before `demoHistoryStart(now)` (anvil started
 * with genesis time `demoGenesisTime(now)`), then moves the chain's clock to `now`. Returns how many
 * payouts were sent.
 */
export async function seedDemoHistory({
  db,
  rpcUrl,
  deployment,
  now,
}: {
  db: Db;
  rpcUrl: string;
  deployment: Deployment;
  now: Date;
}): Promise<{ payouts: number }> {
  const start = demoHistoryStart(now);
  const { publicClient, testClient, as, sendAt } = chainOf(rpcUrl, deployment);
  const latest = await publicClient.getBlock();
  if (Number(latest.timestamp) * 1000 >= start.getTime())
    throw new Error("The demo chain's clock is not before the history; start it with the demo genesis time");
  await addNodes(db, start);
  const owner = as("owner");
  const events = new Map<DemoNode, PositionEvent[]>(NODES.map((demo) => [demo, []]));

  await sendAt(at(start, -1, 10), () => owner.staking.write.whiteListIt([as(NODES[0]!.who).address, NODES[0]!.node]));
  for (const demo of NODES.slice(1))
    await sendAt(null, () => owner.staking.write.whiteListIt([as(demo.who).address, demo.node]));

  /**
   * Everything the chain is told, in time order: stakes, the top-up, and the payout of each of the first two months
   * early in the next.
   */
  const steps: { time: Date; run: () => Promise<void> }[] = [];
  for (const demo of NODES) {
    const operator = as(demo.who);
    steps.push({
      time: at(start, demo.stake.day, 9),
      run: async () => {
        await sendAt(at(start, demo.stake.day, 9), () =>
          operator.token.write.approve([
            deployment.contracts.stakingRewards,
            pli(demo.stake.amount + (demo.topup?.amount ?? 0)),
          ]),
        );
        const time = await sendAt(null, () => operator.staking.write.stakeTokens([pli(demo.stake.amount), demo.node]));
        events.get(demo)!.push({ kind: "stake", totalAfter: pli(demo.stake.amount), at: time });
      },
    });
    const topup = demo.topup;
    if (topup) {
      const time = at(monthStart(monthAt(start, 1)), topup.day, 11);
      steps.push({
        time,
        run: async () => {
          const mined = await sendAt(time, () => operator.staking.write.topupStake([pli(topup.amount), demo.node]));
          events.get(demo)!.push({ kind: "topup", totalAfter: pli(demo.stake.amount + topup.amount), at: mined });
        },
      });
    }
  }
  const rates = (await db.selectFrom("app.incentive_rate").select(["percentage", "effective_from"]).execute()).map(
    (row) => ({ from: new Date(row.effective_from), percentage: row.percentage }),
  );
  const inactive = (demo: DemoNode) =>
    new Set(
      demo.inactive.map(([month, day]) =>
        isoDay(new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + month, day))),
      ),
    );
  let payouts = 0;
  for (const index of [0, 1]) {
    const month = monthAt(start, index);
    const time = at(monthStart(nextMonth(month)), 3 + index, 10);
    steps.push({
      time,
      run: async () => {
        const due = NODES.flatMap((demo) => {
          const accrual = accrueMonth({ month, events: events.get(demo)!, inactiveDays: inactive(demo), rates });
          return accrual && accrual.token > 0n
            ? [{ wallet: as(demo.who).address, node: demo.node, token: accrual.token }]
            : [];
        });
        if (due.length === 0) return;
        const date = BigInt(dateKeyOf(accrualDateOf(month)));
        await sendAt(time, () =>
          owner.staking.write.payRewards([
            due.map((row) => row.wallet),
            due.map((row) => row.token),
            due.map(() => date),
            due.map((row) => row.node),
          ]),
        );
        payouts++;
      },
    });
  }
  const priceFeed = owner.priceFeed;
  if (priceFeed)
    for (let week = 0; start.getTime() + week * 7 * DAY_MS < now.getTime() - DAY_MS; week++) {
      const time = at(start, week * 7, 0);
      steps.push({
        time,
        run: async () => {
          await sendAt(time, () => priceFeed.write.addRound([demoPrice(week), seconds(time)]));
        },
      });
    }
  for (const step of steps.sort((a, b) => a.time.getTime() - b.time.getTime())) await step.run();
  await testClient.setNextBlockTimestamp({ timestamp: seconds(now) });
  if (priceFeed) await sendAt(null, () => priceFeed.write.addRound([demoPrice(-1), seconds(now)]));
  else await testClient.mine({ blocks: 1 });
  return { payouts };
}
