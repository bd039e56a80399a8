import { getAddress, keccak256, slice, toHex, type Address } from "viem";
import type { Db } from "@pli/api/db/database";
import { pli } from "../../../test/chain.ts";
import type { Actor, Actors, Operator } from "./actors.ts";
import type { HarnessChain, Mined } from "./chain.ts";
import { RANDOM_RANGE, type Intent } from "./program.ts";
import type { Position, Verdict } from "./rules.ts";

/** Amounts are drawn in steps of this (the portal's default multiple), so stakes look like an operator's. */
export const STEP = pli(1_000);

/** An incentive row the harness created in app.incentive: the key and amount payRewards is called with. */
export interface IncentiveRow {
  id: string;
  wallet: Address;
  node: Address;
  dateKey: bigint;
  token: bigint;
}

/** What the operations share: the chain, the people, the database and the harness's own records. */
export interface Bench {
  chain: HarnessChain;
  actors: Actors;
  db: Db;
  /** Incentive rows created so far, in creation order. */
  rows: IncentiveRow[];
  /** Months already used per (wallet, node), so each new row has a date of its own. */
  rowMonths: Map<string, number>;
  /** Days used for payments that match no row (never the 1st, which rows are dated). */
  orphanDays: number;
  /** With `--safe`: the Safe (an operator of StakingRewards) that sends the owner's payouts. */
  safe?: Address;
}

/** A concrete operation: its kind as run, the contracts' verdict before sending, and how to send it. */
export interface Plan {
  kind: string;
  expected: Verdict;
  /** Sends the transactions, the one judged last; earlier ones (an approve) must succeed. */
  send(): Promise<Mined[]>;
}

/** One node of an operator as the chain shows it before the operation. */
export interface NodeState {
  address: Address;
  position: Position;
  whitelisted: boolean;
}

export interface ActorState {
  operator: Operator;
  nodes: NodeState[];
  min: bigint;
  max: bigint;
  funds: { balance: bigint; allowance: bigint };
}

/** Reads what the operation's rules depend on: the operator's positions and whitelists, the limits and their PLI. */
export async function actorState(bench: Bench, operator: Operator): Promise<ActorState> {
  const { chain } = bench;
  const [nodes, limits, funds] = await Promise.all([
    Promise.all(
      operator.nodes.map(async (address) => ({
        address,
        position: await chain.position(operator.address, address),
        whitelisted: await chain.whitelisted(operator.address, address),
      })),
    ),
    chain.limits(),
    chain.funds(operator.address),
  ]);
  return { operator, nodes, ...limits, funds };
}

/** A draw as a fraction in [0, 1) of `span`, in whole units of `unit`. */
export const share = (draw: number, span: bigint, unit = 1n) =>
  (((span / unit) * BigInt(draw)) / BigInt(RANDOM_RANGE)) * unit;

/** The element `draw` picks, or undefined from an empty list. */
export const pick = <T>(list: readonly T[], draw: number): T | undefined => list[draw % Math.max(1, list.length)];

/** A node address nobody whitelisted, drawn for the operation. */
export const strangerNode = (index: number, draw: number): Address =>
  getAddress(slice(keccak256(toHex(`stranger/${index}/${draw}`)), 12));

/** The operator `intent` acts for. */
export const operatorOf = (bench: Bench, intent: Intent) =>
  bench.actors.operators[intent.actor % bench.actors.operators.length]!;

export const isAdmin = (bench: Bench, sender: Actor) => sender.address === bench.actors.owner.address;
