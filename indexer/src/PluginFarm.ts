import { ponder } from "ponder:registry";
import { farmCaps, operator, whitelist } from "ponder:schema";
import { blockTime } from "./block-time.ts";

ponder.on("PluginFarm:FarmNodeWhitelisted", async ({ event, context }) => {
  await context.db
    .insert(whitelist)
    .values({
      contract: "PluginFarm",
      wallet: event.args.wallet,
      node: event.args.node,
      whitelistedBy: event.args.by,
      txHash: event.transaction.hash,
      blockNumber: event.block.number,
      whitelistedAt: blockTime(event),
    })
    .onConflictDoNothing();
});

ponder.on("PluginFarm:StakingCapsChanged", async ({ event, context }) => {
  const caps = {
    minCap: event.args.minStakingCap,
    maxCap: event.args.maxStakingCap,
    txHash: event.transaction.hash,
    blockNumber: event.block.number,
    changedAt: blockTime(event),
  };
  await context.db
    .insert(farmCaps)
    .values({ contractAddress: event.log.address, ...caps })
    .onConflictDoUpdate(caps);
});

ponder.on("PluginFarm:OperatorChanged", async ({ event, context }) => {
  const change = {
    enabled: event.args.enabled,
    txHash: event.transaction.hash,
    blockNumber: event.block.number,
    changedAt: blockTime(event),
  };
  await context.db
    .insert(operator)
    .values({ contract: "PluginFarm", operator: event.args.operator, ...change })
    .onConflictDoUpdate(change);
});
