import type { Context, Event } from "ponder:registry";
import { operator, whitelist } from "ponder:schema";
import { blockTime } from "./block-time.ts";

/** The contracts that whitelist (wallet, node) pairs and keep an operator list. */
type PortalContract = "StakingRewards" | "PluginFarm";

type WhitelistEvent = Event<"StakingRewards:Whitelisted"> | Event<"PluginFarm:FarmNodeWhitelisted">;
type OperatorEvent = Event<"StakingRewards:OperatorChanged"> | Event<"PluginFarm:OperatorChanged">;

/** Records a (wallet, node) whitelisting; a pair whitelisted again keeps its first record. */
export async function recordWhitelist(context: Context, contract: PortalContract, event: WhitelistEvent) {
  await context.db
    .insert(whitelist)
    .values({
      contract,
      wallet: event.args.wallet,
      node: event.args.node,
      whitelistedBy: event.args.by,
      txHash: event.transaction.hash,
      blockNumber: event.block.number,
      whitelistedAt: blockTime(event),
    })
    .onConflictDoNothing();
}

/** Records an operator being enabled or disabled on a contract (latest change wins). */
export async function recordOperatorChange(context: Context, contract: PortalContract, event: OperatorEvent) {
  const change = {
    enabled: event.args.enabled,
    txHash: event.transaction.hash,
    blockNumber: event.block.number,
    changedAt: blockTime(event),
  };
  await context.db
    .insert(operator)
    .values({ contract, operator: event.args.operator, ...change })
    .onConflictDoUpdate(change);
}
