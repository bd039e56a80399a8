import { ponder, type Context, type Event } from "ponder:registry";
import { safeApproval, safeExecution, safeOwner, safeState } from "ponder:schema";
import { decodeAbiParameters, getAddress, type Address, type Hex } from "viem";
import { safeL2Abi, safeTxHash } from "@pli/abis";
import { parseIndexerEnv } from "../env.ts";
import { blockTime } from "./block-time.ts";

const lower = (address: string) => address.toLowerCase() as Hex;

/**
 * The Safe's owners, threshold and nonce as they stood before `blockNumber`, for a Safe followed from a start block
 * after its creation (its SafeSetup then never reaches the indexer).
 */
async function ensureState(context: Context, safe: Address, blockNumber: bigint) {
  const found = await context.db.find(safeState, { safe: lower(safe) });
  if (found) return found;
  const read = { address: safe, abi: safeL2Abi, blockNumber: blockNumber - 1n } as const;
  const [owners, threshold, nonce] = await Promise.all([
    context.client.readContract({ ...read, functionName: "getOwners" }),
    context.client.readContract({ ...read, functionName: "getThreshold" }),
    context.client.readContract({ ...read, functionName: "nonce" }),
  ]);
  for (const owner of owners)
    await context.db
      .insert(safeOwner)
      .values({ safe: lower(safe), owner: lower(owner), addedBlock: blockNumber - 1n })
      .onConflictDoNothing();
  return context.db
    .insert(safeState)
    .values({ safe: lower(safe), threshold: Number(threshold), nonce, blockNumber: blockNumber - 1n });
}

async function settle(
  event: Event<"Safe:ExecutionSuccess"> | Event<"Safe:ExecutionFailure">,
  context: Context,
  status: "success" | "failure",
) {
  const row = await context.db.find(safeExecution, { safeTxHash: event.args.txHash });
  if (row) await context.db.update(safeExecution, { safeTxHash: event.args.txHash }).set({ status });
}

if (parseIndexerEnv(process.env).SAFE_ADDRESS) {
  ponder.on("Safe:SafeSetup", async ({ event, context }) => {
    const safe = lower(event.log.address);
    for (const owner of event.args.owners)
      await context.db
        .insert(safeOwner)
        .values({ safe, owner: lower(owner), addedBlock: event.block.number })
        .onConflictDoNothing();
    await context.db
      .insert(safeState)
      .values({ safe, threshold: Number(event.args.threshold), nonce: 0n, blockNumber: event.block.number })
      .onConflictDoUpdate({ threshold: Number(event.args.threshold), blockNumber: event.block.number });
  });

  ponder.on("Safe:SafeMultiSigTransaction", async ({ event, context }) => {
    const safe = getAddress(event.log.address);
    await ensureState(context, safe, event.block.number);
    const [nonce, sender] = decodeAbiParameters(
      [{ type: "uint256" }, { type: "address" }, { type: "uint256" }],
      event.args.additionalInfo,
    );
    const { args } = event;
    const hash = safeTxHash(context.chain.id, safe, {
      to: args.to,
      value: args.value,
      data: args.data,
      operation: args.operation as 0 | 1,
      safeTxGas: args.safeTxGas,
      baseGas: args.baseGas,
      gasPrice: args.gasPrice,
      gasToken: args.gasToken,
      refundReceiver: args.refundReceiver,
      nonce,
    });
    await context.db.insert(safeExecution).values({
      safeTxHash: hash,
      safe: lower(safe),
      nonce,
      to: lower(args.to),
      delegateCall: args.operation === 1,
      executor: lower(sender),
      status: "pending",
      txHash: event.transaction.hash,
      blockNumber: event.block.number,
      blockTime: blockTime(event),
    });
    await context.db
      .update(safeState, { safe: lower(safe) })
      .set({ nonce: nonce + 1n, blockNumber: event.block.number });
  });

  ponder.on("Safe:ExecutionSuccess", ({ event, context }) => settle(event, context, "success"));
  ponder.on("Safe:ExecutionFailure", ({ event, context }) => settle(event, context, "failure"));

  ponder.on("Safe:ApproveHash", async ({ event, context }) => {
    await context.db.insert(safeApproval).values({
      id: event.id,
      safe: lower(event.log.address),
      safeTxHash: event.args.approvedHash,
      owner: lower(event.args.owner),
      txHash: event.transaction.hash,
      blockNumber: event.block.number,
      blockTime: blockTime(event),
    });
  });

  ponder.on("Safe:AddedOwner", async ({ event, context }) => {
    const safe = getAddress(event.log.address);
    await ensureState(context, safe, event.block.number);
    await context.db
      .insert(safeOwner)
      .values({ safe: lower(safe), owner: lower(event.args.owner), addedBlock: event.block.number })
      .onConflictDoNothing();
  });

  ponder.on("Safe:RemovedOwner", async ({ event, context }) => {
    const safe = getAddress(event.log.address);
    await ensureState(context, safe, event.block.number);
    await context.db.delete(safeOwner, { safe: lower(safe), owner: lower(event.args.owner) });
  });

  ponder.on("Safe:ChangedThreshold", async ({ event, context }) => {
    const safe = getAddress(event.log.address);
    await ensureState(context, safe, event.block.number);
    await context.db
      .update(safeState, { safe: lower(safe) })
      .set({ threshold: Number(event.args.threshold), blockNumber: event.block.number });
  });
}
