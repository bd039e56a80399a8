import { ponder } from "ponder:registry";
import { farmCaps } from "ponder:schema";
import { recordOperatorChange, recordWhitelist } from "./access-events.ts";
import { blockTime } from "./block-time.ts";

ponder.on("PluginFarm:FarmNodeWhitelisted", ({ event, context }) => recordWhitelist(context, "PluginFarm", event));

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

ponder.on("PluginFarm:OperatorChanged", ({ event, context }) => recordOperatorChange(context, "PluginFarm", event));
