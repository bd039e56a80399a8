import { encodeAbiParameters, zeroAddress, type Address, type Hex } from "viem";
import type { Actor } from "./actors.ts";
import {
  isAdmin,
  pick,
  share,
  STEP,
  strangerNode,
  type ActorState,
  type Bench,
  type NodeState,
  type Plan,
} from "./bench.ts";
import type { Intent } from "./program.ts";
import {
  CHAIN_STATUS,
  limitVerdict,
  stakeVerdict,
  topupVerdict,
  transferAndCallVerdict,
  unlockVerdict,
  unstakeVerdict,
  whitelistVerdict,
} from "./rules.ts";

/**
 * The stake side's operations: whitelists, stakes, top-ups, one-transaction stakes, unlocks, unstakes
 * and limit changes. Each planner answers the plan for its intent, or null when a valid intent finds
 * nothing to act on (the caller then falls back to another kind).
 */

const withStatus = (state: ActorState, ...statuses: number[]) =>
  state.nodes.filter((node) => statuses.includes(node.position.status));
const stakeable = (state: ActorState) =>
  state.nodes.filter((node) => node.position.status === CHAIN_STATUS.none && node.whitelisted);
const roomOf = (state: ActorState, node: NodeState) =>
  state.max > node.position.amount ? state.max - node.position.amount : 0n;
/** A stake amount in [min, max] in steps from the minimum. */
const stakeAmount = (state: ActorState, draw: number) =>
  state.max >= state.min ? state.min + share(draw, state.max - state.min, STEP) : state.min;
/** A top-up amount that fits under the maximum: whole steps when there is room for one. */
const topupAmount = (room: bigint, draw: number) => (room < STEP ? room : STEP + share(draw, room - STEP, STEP));
/** The intent's node among `nodes`, else among all of the operator's. */
const nodeFor = (state: ActorState, intent: Intent, nodes: NodeState[]) =>
  pick(nodes, intent.node) ?? pick(state.nodes, intent.node)!;

export function planWhitelist(bench: Bench, state: ActorState, intent: Intent, contract: "staking" | "farm"): Plan {
  const { owner } = bench.actors;
  const fresh = state.nodes.filter((node) => !node.whitelisted && node.position.status === CHAIN_STATUS.none);
  let node: Address = nodeFor(state, intent, contract === "staking" ? fresh : []).address;
  let sender: Actor = owner;
  if (intent.invalid) {
    if (intent.variant % 2 === 0) sender = state.operator;
    else node = zeroAddress;
  }
  const wallet = state.operator.address;
  const handle = bench.chain.as(sender.key);
  return {
    kind: contract === "staking" ? "whitelist" : "farm whitelist",
    expected: whitelistVerdict({ isAdmin: isAdmin(bench, sender), wallet, node }),
    send: async () => [
      await bench.chain.mined(
        contract === "staking"
          ? handle.staking.write.whiteListIt([wallet, node], bench.chain.tx)
          : handle.farm.write.whiteListPLIFarmNode([wallet, node], bench.chain.tx),
      ),
    ],
  };
}

export function planStake(bench: Bench, state: ActorState, intent: Intent, index: number): Plan | null {
  const candidates = stakeable(state);
  if (!intent.invalid && candidates.length === 0) return null;
  let node = nodeFor(state, intent, candidates);
  let amount = stakeAmount(state, intent.r1);
  if (intent.invalid) {
    const variant = intent.variant % 5;
    if (variant === 0) amount = state.min > STEP ? state.min - STEP : state.min - 1n;
    if (variant === 1) amount = state.max + STEP;
    if (variant === 2)
      node = {
        address: strangerNode(index, intent.r2),
        position: { amount: 0n, status: CHAIN_STATUS.none },
        whitelisted: false,
      };
    if (variant === 3) node = nodeFor(state, intent, withStatus(state, CHAIN_STATUS.staked, CHAIN_STATUS.unlocked));
    if (variant === 4) amount = 0n;
  }
  const staking = bench.chain.as(state.operator.key).staking;
  return {
    kind: "stake",
    expected: stakeVerdict({
      amount,
      whitelisted: node.whitelisted,
      position: node.position,
      min: state.min,
      max: state.max,
      ...state.funds,
    }),
    send: async () => [await bench.chain.mined(staking.write.stakeTokens([amount, node.address], bench.chain.tx))],
  };
}

export function planTopup(bench: Bench, state: ActorState, intent: Intent): Plan | null {
  const candidates = withStatus(state, CHAIN_STATUS.staked).filter((node) => roomOf(state, node) > 0n);
  if (!intent.invalid && candidates.length === 0) return null;
  let node = nodeFor(state, intent, candidates);
  let amount = topupAmount(roomOf(state, node), intent.r1);
  if (intent.invalid) {
    if (intent.variant % 2 === 0) {
      node = nodeFor(state, intent, withStatus(state, CHAIN_STATUS.staked));
      amount = roomOf(state, node) + STEP;
    } else {
      node = nodeFor(state, intent, withStatus(state, CHAIN_STATUS.none, CHAIN_STATUS.unlocked));
      amount = STEP;
    }
  }
  const staking = bench.chain.as(state.operator.key).staking;
  return {
    kind: "top-up",
    expected: topupVerdict({ amount, position: node.position, max: state.max, ...state.funds }),
    send: async () => [await bench.chain.mined(staking.write.topupStake([amount, node.address], bench.chain.tx))],
  };
}

/** PLI's transferAndCall to the staking contract with the node in `data`: a stake, or a top-up of a staked position. */
export function planTransferAndCall(bench: Bench, state: ActorState, intent: Intent): Plan | null {
  const candidates = [
    ...stakeable(state),
    ...withStatus(state, CHAIN_STATUS.staked).filter((node) => roomOf(state, node) > 0n),
  ];
  if (!intent.invalid && candidates.length === 0) return null;
  const node = nodeFor(state, intent, candidates);
  const staking = node.position.status === CHAIN_STATUS.none;
  let amount = staking ? stakeAmount(state, intent.r1) : topupAmount(roomOf(state, node), intent.r1);
  let data: Hex = encodeAbiParameters([{ type: "address" }], [node.address]);
  if (intent.invalid) {
    if (intent.variant % 2 === 0) data = node.address;
    else amount = staking ? state.max + STEP : roomOf(state, node) + STEP;
  }
  const token = bench.chain.as(state.operator.key).token;
  return {
    kind: "transferAndCall",
    expected: transferAndCallVerdict({
      amount,
      dataBytes: (data.length - 2) / 2,
      whitelisted: node.whitelisted,
      position: node.position,
      min: state.min,
      max: state.max,
      balance: state.funds.balance,
    }),
    send: async () => [
      await bench.chain.mined(
        token.write.transferAndCall([bench.chain.deployment.contracts.stakingRewards, amount, data], bench.chain.tx),
      ),
    ],
  };
}

export function planUnlock(bench: Bench, state: ActorState, intent: Intent): Plan | null {
  const staked = withStatus(state, CHAIN_STATUS.staked);
  if (!intent.invalid && staked.length === 0) return null;
  let node = nodeFor(state, intent, staked);
  let sender: Actor = bench.actors.owner;
  if (intent.invalid) {
    if (intent.variant % 2 === 0)
      node = nodeFor(state, intent, withStatus(state, CHAIN_STATUS.none, CHAIN_STATUS.unlocked));
    else sender = state.operator;
  }
  const staking = bench.chain.as(sender.key).staking;
  return {
    kind: "unlock",
    expected: unlockVerdict({ isAdmin: isAdmin(bench, sender), position: node.position }),
    send: async () => [
      await bench.chain.mined(staking.write.unlock([state.operator.address, node.address], bench.chain.tx)),
    ],
  };
}

export function planUnstake(bench: Bench, state: ActorState, intent: Intent): Plan | null {
  const unlocked = withStatus(state, CHAIN_STATUS.unlocked);
  if (!intent.invalid && unlocked.length === 0) return null;
  const node = intent.invalid
    ? nodeFor(state, intent, withStatus(state, CHAIN_STATUS.staked, CHAIN_STATUS.none))
    : nodeFor(state, intent, unlocked);
  const staking = bench.chain.as(state.operator.key).staking;
  return {
    kind: "unstake",
    expected: unstakeVerdict({ position: node.position }),
    send: async () => [await bench.chain.mined(staking.write.unstake([node.address], bench.chain.tx))],
  };
}

/** setMinStakeAmt or setMaxStakeAmt: minimums of 10,000 to 100,000 PLI, maximums of 200,000 to 2,000,000. */
export function planLimits(bench: Bench, state: ActorState, intent: Intent): Plan {
  let which: "min" | "max" = intent.r2 % 2 === 0 ? "min" : "max";
  let amount = which === "min" ? STEP * BigInt(10 + (intent.r1 % 91)) : STEP * BigInt(200 + (intent.r1 % 1801));
  if (which === "min" && amount > state.max) amount = state.max;
  if (which === "max" && amount < state.min) amount = state.min;
  let sender: Actor = bench.actors.owner;
  if (intent.invalid) {
    const variant = intent.variant % 4;
    if (variant === 0) [which, amount] = ["min", state.max + STEP];
    if (variant === 1) [which, amount] = ["max", state.min - 1n];
    if (variant === 2) amount = 0n;
    if (variant === 3) sender = state.operator;
  }
  const staking = bench.chain.as(sender.key).staking;
  return {
    kind: `set ${which} stake`,
    expected: limitVerdict({ isAdmin: isAdmin(bench, sender), which, amount, min: state.min, max: state.max }),
    send: async () => [
      await bench.chain.mined(
        which === "min"
          ? staking.write.setMinStakeAmt([amount], bench.chain.tx)
          : staking.write.setMaxStakeAmt([amount], bench.chain.tx),
      ),
    ],
  };
}
