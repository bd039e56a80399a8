import { describe, expect, it } from "vitest";
import { INCENTIVE_STATUS, STAKE_STATUS } from "@pli/api/public-contract";
import { compareServed, type ChainFacts, type HarnessFacts, type ServedFacts } from "./compare.ts";

const WALLET = "0x00000000000000000000000000000000000000a1";
const NODE_1 = "0x00000000000000000000000000000000000000b1";
const NODE_2 = "0x00000000000000000000000000000000000000b2";
const TX = (n: number) => `0x${n.toString(16).padStart(64, "0")}`;
const PLI = 10n ** 18n;

/**
 * A wallet with a staked portal node and a withdrawn chain-only node, one paid and one unpaid incentive, and a payment
 * no row explains.
 */
function agreeing(): { served: ServedFacts; chain: ChainFacts; harness: HarnessFacts } {
  const chain: ChainFacts = {
    positions: [
      { wallet: WALLET, node: NODE_1, status: STAKE_STATUS.stake, total: 60_000n * PLI },
      { wallet: WALLET, node: NODE_2, status: STAKE_STATUS.withdraw, total: 0n },
    ],
    events: [
      { kind: "stake", wallet: WALLET, node: NODE_1, amount: 60_000n * PLI, totalAfter: 60_000n * PLI, txHash: TX(1) },
      { kind: "stake", wallet: WALLET, node: NODE_2, amount: 50_000n * PLI, totalAfter: 50_000n * PLI, txHash: TX(2) },
      { kind: "unlock", wallet: WALLET, node: NODE_2, amount: 50_000n * PLI, totalAfter: 50_000n * PLI, txHash: TX(3) },
      { kind: "unstake", wallet: WALLET, node: NODE_2, amount: 50_000n * PLI, totalAfter: 0n, txHash: TX(4) },
    ],
    rewardPool: 1_000n * PLI,
    payments: [
      { wallet: WALLET, node: NODE_1, dateKey: 20010101n, amount: 7n * PLI, txHash: TX(5) },
      { wallet: WALLET, node: NODE_1, dateKey: 20000102n, amount: 3n * PLI, txHash: TX(5) },
    ],
    paidKeys: new Set([`${WALLET}:${NODE_1}:20010101`]),
    reverted: [TX(9)],
  };
  const harness: HarnessFacts = {
    rows: [
      { id: "row-paid", wallet: WALLET, node: NODE_1, dateKey: 20010101n, token: 7n * PLI },
      { id: "row-unpaid", wallet: WALLET, node: NODE_1, dateKey: 20010201n, token: 5n * PLI },
    ],
    operators: [{ wallet: WALLET, nodes: [{ id: "node-1", address: NODE_1 }] }],
  };
  const event = (e: ChainFacts["events"][number]) => ({
    kind: e.kind,
    walletAddress: e.wallet,
    nodeAddress: e.node,
    totalStake: e.amount.toString(),
    totalAfter: e.totalAfter.toString(),
    tnxHash: e.txHash,
  });
  const incentive = (id: string, dateKey: number, token: bigint, paid: boolean) => ({
    _id: id,
    walletAddress: WALLET,
    nodeAddress: NODE_1,
    dateKey,
    status: paid ? INCENTIVE_STATUS.paid : INCENTIVE_STATUS.unPaid,
    tnxHash: paid ? TX(5) : null,
    paidAmount: paid ? token.toString() : null,
    token: token.toString(),
  });
  const incentives = [
    incentive("row-paid", 20010101, 7n * PLI, true),
    incentive("row-unpaid", 20010201, 5n * PLI, false),
  ];
  const served: ServedFacts = {
    positions: [
      {
        walletAddress: WALLET,
        nodeAddress: NODE_1,
        status: STAKE_STATUS.stake,
        totalStake: (60_000n * PLI).toString(),
      },
      { walletAddress: WALLET, nodeAddress: NODE_2, status: STAKE_STATUS.withdraw, totalStake: "0" },
    ],
    events: chain.events.map(event),
    operators: [
      {
        wallet: WALLET,
        total: (60_000n * PLI).toString(),
        nodes: [{ id: "node-1", total: (60_000n * PLI).toString(), status: STAKE_STATUS.stake }],
        events: chain.events.map(event),
        incentives: incentives.map(({ _id, status }) => ({ _id, status })),
      },
    ],
    summary: {
      total: { count: 2, token: (12n * PLI).toString() },
      paid: { count: 1, token: (7n * PLI).toString() },
      unPaid: { count: 1, token: (5n * PLI).toString() },
      rewardBalance: (1_000n * PLI).toString(),
      discrepancies: 1,
    },
    incentives,
    discrepancies: [
      {
        kind: "unmatched",
        walletAddress: WALLET,
        nodeAddress: NODE_1,
        dateKey: 20000102,
        paid: (3n * PLI).toString(),
        tnxHash: TX(5),
      },
    ],
  };
  return { served, chain, harness };
}

describe("the comparison of what the API serves with the chain", () => {
  it("finds nothing when every served value is the chain's", () => {
    const { served, chain, harness } = agreeing();
    expect(compareServed(served, chain, harness)).toEqual([]);
  });

  it("reports a stake total the API serves that differs from the contract's, with both values", () => {
    const { served, chain, harness } = agreeing();
    served.positions[0]!.totalStake = (61_000n * PLI).toString();
    served.operators[0]!.total = (61_000n * PLI).toString();
    expect(compareServed(served, chain, harness)).toEqual([
      {
        what: `admin stake list: total of ${WALLET}/${NODE_1}`,
        api: (61_000n * PLI).toString(),
        chain: (60_000n * PLI).toString(),
      },
      { what: `getTotal of ${WALLET}`, api: (61_000n * PLI).toString(), chain: (60_000n * PLI).toString() },
    ]);
  });

  it("reports a position status, a doubled event, a paid flag, the reward pool and a served reverted transaction", () => {
    const { served, chain, harness } = agreeing();
    served.positions[1]!.status = STAKE_STATUS.unlock;
    served.events.push(served.events[0]!);
    served.incentives[1] = { ...served.incentives[1]!, status: INCENTIVE_STATUS.paid };
    served.summary.rewardBalance = "0";
    served.operators[0]!.events.push({ ...served.events[0]!, tnxHash: TX(9) });
    const found = compareServed(served, chain, harness).map((d) => `${d.what} | API ${d.api} | chain ${d.chain}`);
    expect(found).toEqual([
      `admin stake list: status of ${WALLET}/${NODE_2} | API ${STAKE_STATUS.unlock} | chain ${STAKE_STATUS.withdraw}`,
      `admin transactions: stake event stake of ${WALLET}/${NODE_1} amount ${60_000n * PLI} total ${60_000n * PLI} in ${TX(1)} | API 2 time(s) | chain 1 time(s)`,
      `transactions of ${WALLET}: stake event stake of ${WALLET}/${NODE_1} amount ${60_000n * PLI} total ${60_000n * PLI} in ${TX(9)} | API 1 time(s) | chain 0 time(s)`,
      `reward pool | API 0 | chain ${1_000n * PLI}`,
      `paid flag of incentive row-unpaid (${WALLET}:${NODE_1}:20010201) | API Paid | chain UnPaid`,
      `reverted transaction ${TX(9)} | API served as a stake event | chain reverted`,
    ]);
  });

  it("expects the Paid card to sum what the chain paid for each row, not the row's token", () => {
    const { served, chain, harness } = agreeing();
    chain.payments[0] = { ...chain.payments[0]!, amount: 8n * PLI };
    const paidCard = (token: bigint) => {
      served.summary.paid.token = token.toString();
      return compareServed(served, chain, harness).filter((found) => found.what === "Paid card");
    };
    expect(paidCard(8n * PLI)).toEqual([]);
    expect(paidCard(7n * PLI)).toHaveLength(1);
  });

  const mutations: [string, (served: ServedFacts) => void][] = [
    ["a position's total", (s) => (s.positions[0]!.totalStake = "1")],
    ["a position left out", (s) => s.positions.pop()],
    ["an event left out of the admin's list", (s) => s.events.pop()],
    ["a node's getTotal", (s) => (s.operators[0]!.nodes[0]!.total = "0")],
    ["a node's getstatus", (s) => (s.operators[0]!.nodes[0]!.status = STAKE_STATUS.unlock)],
    ["an event left out of the operator's list", (s) => s.operators[0]!.events.shift()],
    ["a paid flag in the operator's list", (s) => (s.operators[0]!.incentives[0]!.status = INCENTIVE_STATUS.unPaid)],
    ["a paid amount", (s) => (s.incentives[0]!.paidAmount = "1")],
    ["a payout transaction", (s) => (s.incentives[0]!.tnxHash = TX(6))],
    ["an incentive left out", (s) => s.incentives.pop()],
    ["the paid card's count", (s) => (s.summary.paid.count = 0)],
    ["the unpaid card's sum", (s) => (s.summary.unPaid.token = "0")],
    ["a payment discrepancy left out", (s) => s.discrepancies.pop()],
  ];
  it.each(mutations)("reports %s changed from the chain's", (_name, mutate) => {
    const { served, chain, harness } = agreeing();
    mutate(served);
    expect(compareServed(served, chain, harness).length).toBeGreaterThan(0);
  });
});
