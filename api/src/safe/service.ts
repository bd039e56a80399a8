import { createHash } from "node:crypto";
import { sql } from "kysely";
import {
  encodeFunctionData,
  getAddress,
  hexToNumber,
  isAddressEqual,
  recoverMessageAddress,
  recoverTypedDataAddress,
  toHex,
  type Address,
  type Hex,
  type PublicClient,
} from "viem";
import {
  multiSendCall,
  packSafeSignatures,
  plainSafeTx,
  pluginFarmAbi,
  pluginTokenAbi,
  safeDomainHash,
  safeL2Abi,
  safeTxHash,
  safeTxTypedData,
  stakingRewardsAbi,
  type SafeConfirmation,
  type SafeTx,
} from "@pli/abis";
import type { Config } from "../config.ts";
import type { Db } from "../db/database.ts";
import { planPayout, rewardBalance, rewardPoolShort } from "../incentive/index.ts";
import { getSettings } from "../setting/index.ts";
import { multipleDivides, SETTING_MESSAGES, stakeLimitCalls } from "../setting/schema.ts";
import { type AuditActor, recordAudit } from "../audit/index.ts";
import { AppError, validationError } from "../shared/errors.ts";
import { parsePli, pliText } from "../shared/pli.ts";
import { checkRecord } from "./record-update.ts";
import { queuedClash, queuedPayoutsTotal, requirePayoutNames } from "./open-payouts.ts";
import {
  SAFE_MESSAGES,
  SAFE_PAYOUT_MAX_CALLS,
  type SafeAction,
  type SafeProposalResponse,
  type SafeProposalState,
  type SafeRecord,
} from "./schema.ts";

export interface SafeDeps {
  db: Db;
  chain: PublicClient;
  config: Pick<
    Config,
    "CHAIN_ID" | "SAFE_ADDRESS" | "PLI_TOKEN_ADDRESS" | "STAKING_ADDRESS" | "FARM_ADDRESS" | "PRICE_FEED_ADDRESS"
  >;
}

const lower = (value: string) => value.toLowerCase();

/** The configured Safe; 404 in the spec's single-wallet mode. */
export function safeOf(config: SafeDeps["config"]): Address {
  if (!config.SAFE_ADDRESS) throw new AppError("notFound", SAFE_MESSAGES.safeModeOff);
  return config.SAFE_ADDRESS as Address;
}

/** The Safe's owners, threshold and nonce as the chain has them now (for accepting a confirmation). */
export async function readSafeNow(chain: PublicClient, safe: Address) {
  const contract = { address: safe, abi: safeL2Abi } as const;
  const [owners, threshold, nonce] = await Promise.all([
    chain.readContract({ ...contract, functionName: "getOwners" }),
    chain.readContract({ ...contract, functionName: "getThreshold" }),
    chain.readContract({ ...contract, functionName: "nonce" }),
  ]);
  return { owners: owners.map((owner) => getAddress(owner)), threshold: Number(threshold), nonce };
}

/** The Safe as indexed (owners, threshold, next nonce); the chain's answer while the indexer has not seen it yet. */
async function indexedSafe(deps: SafeDeps, safe: Address) {
  const state = await deps.db
    .selectFrom("chain.safe_state")
    .selectAll()
    .where("safe", "=", lower(safe))
    .executeTakeFirst();
  if (!state) return readSafeNow(deps.chain, safe);
  const owners = await deps.db.selectFrom("chain.safe_owner").select("owner").where("safe", "=", lower(safe)).execute();
  return { owners: owners.map((row) => getAddress(row.owner)), threshold: state.threshold, nonce: BigInt(state.nonce) };
}

export async function safeInfo(deps: SafeDeps) {
  if (!deps.config.SAFE_ADDRESS) return { enabled: false };
  const safe = safeOf(deps.config);
  const now = await readSafeNow(deps.chain, safe);
  const pliBalance = await deps.chain.readContract({
    address: deps.config.PLI_TOKEN_ADDRESS as Address,
    abi: pluginTokenAbi,
    functionName: "balanceOf",
    args: [safe],
  });
  return {
    enabled: true,
    safe,
    chainId: deps.config.CHAIN_ID,
    owners: now.owners,
    threshold: now.threshold,
    nonce: now.nonce.toString(),
    pliBalance: pliBalance.toString(),
    domainHash: safeDomainHash(deps.config.CHAIN_ID, safe),
  };
}

interface Call {
  to: Address;
  data: Hex;
}

interface Built {
  call: { to: Address; data: Hex; operation: 0 | 1 };
  summary: string;
  recipients?: { wallet: string; node: string; date: number; amount: string }[];
  total?: string;
  csvDigest: string | null;
}

const oneOrBatch = (calls: Call[]) =>
  calls.length === 1 ? { ...calls[0]!, operation: 0 as const } : multiSendCall(calls);

/**
 * The payout's rows as CSV (wallet,node,date,amount per line, lowercase addresses, wei), hashed: owners compare it
 * with the CSV of the rows they checked before confirming.
 */
export function payoutCsvDigest(rows: { wallet: string; node: string; date: number; amount: string }[]): string {
  const csv = [
    "wallet,node,date,amount",
    ...rows.map((r) => `${lower(r.wallet)},${lower(r.node)},${r.date},${r.amount}`),
  ];
  return `0x${createHash("sha256")
    .update(`${csv.join("\n")}\n`)
    .digest("hex")}`;
}

/** Builds the Safe transaction of an admin chain action, with what it does in words and figures. */
async function build(deps: SafeDeps, action: SafeAction): Promise<Built> {
  const staking = deps.config.STAKING_ADDRESS as Address;
  switch (action.kind) {
    case "payout": {
      const plan = await planPayout(deps.db, action.ids);
      if (plan.batches.length > SAFE_PAYOUT_MAX_CALLS)
        throw new AppError("validation", SAFE_MESSAGES.safePayoutTooLarge, {
          "action.ids": SAFE_MESSAGES.safePayoutTooLarge,
        });
      const calls = plan.batches.map((batch) => ({
        to: staking,
        data: encodeFunctionData({
          abi: stakingRewardsAbi,
          functionName: "payRewards",
          args: [
            batch.wallets as Address[],
            batch.amounts.map(BigInt),
            batch.dates.map(BigInt),
            batch.nodes as Address[],
          ],
        }),
      }));
      const recipients = plan.batches.flatMap((batch) =>
        batch.wallets.map((wallet, i) => ({
          wallet,
          node: batch.nodes[i]!,
          date: batch.dates[i]!,
          amount: batch.amounts[i]!,
        })),
      );
      const wallets = new Set(recipients.map((r) => lower(r.wallet))).size;
      return {
        call: oneOrBatch(calls),
        summary: `Pay ${recipients.length} incentive${recipients.length === 1 ? "" : "s"} to ${wallets} wallet${wallets === 1 ? "" : "s"}: ${pliText(BigInt(plan.total))} PLI in ${calls.length} payRewards call${calls.length === 1 ? "" : "s"}`,
        recipients,
        total: plan.total,
        csvDigest: payoutCsvDigest(recipients),
      };
    }
    case "unlock":
      return {
        call: oneOrBatch([
          {
            to: staking,
            data: encodeFunctionData({
              abi: stakingRewardsAbi,
              functionName: "unlock",
              args: [action.wallet as Address, action.node as Address],
            }),
          },
        ]),
        summary: `Unlock the stake of wallet ${action.wallet} on node ${action.node}`,
        csvDigest: null,
      };
    case "whitelist": {
      const farm = action.contract === "PluginFarm";
      const data = farm
        ? encodeFunctionData({
            abi: pluginFarmAbi,
            functionName: "whiteListPLIFarmNode",
            args: [action.wallet as Address, action.node as Address],
          })
        : encodeFunctionData({
            abi: stakingRewardsAbi,
            functionName: "whiteListIt",
            args: [action.wallet as Address, action.node as Address],
          });
      return {
        call: oneOrBatch([{ to: (farm ? deps.config.FARM_ADDRESS : staking) as Address, data }]),
        summary: `Whitelist wallet ${action.wallet} with node ${action.node} on ${action.contract}`,
        csvDigest: null,
      };
    }
    case "deposit": {
      const amount = parsePli(action.amount);
      return {
        call: multiSendCall([
          {
            to: deps.config.PLI_TOKEN_ADDRESS as Address,
            data: encodeFunctionData({ abi: pluginTokenAbi, functionName: "approve", args: [staking, amount] }),
          },
          {
            to: staking,
            data: encodeFunctionData({ abi: stakingRewardsAbi, functionName: "depositReward", args: [amount] }),
          },
        ]),
        summary: `Deposit ${pliText(amount)} PLI from the Safe's own balance into the reward pool (approve and deposit in one transaction)`,
        total: amount.toString(),
        csvDigest: null,
      };
    }
    case "stakeLimits": {
      const read = (functionName: "minStakeAmt" | "maxStakeAmt") =>
        deps.chain.readContract({ address: staking, abi: stakingRewardsAbi, functionName });
      const [min, max] = await Promise.all([read("minStakeAmt"), read("maxStakeAmt")]);
      const current = { min, max };
      const next = {
        min: action.minStake === undefined ? min : parsePli(action.minStake),
        max: action.maxStake === undefined ? max : parsePli(action.maxStake),
      };
      const field = action.minStake === undefined ? "action.maxStake" : "action.minStake";
      if (next.min > next.max) throw validationError({ [field]: SETTING_MESSAGES.minimumAboveMaximum });
      const settings = await getSettings(deps.db);
      if (next.min !== min && settings && !multipleDivides(BigInt(settings.multiply_of), next.min))
        throw validationError({ "action.minStake": SETTING_MESSAGES.multipleNotDividingMinimum });
      const calls = stakeLimitCalls(current, next);
      if (calls.length === 0) throw validationError({ [field]: SAFE_MESSAGES.safeLimitsUnchanged });
      const words = calls.map(
        ({ functionName, value }) =>
          `${functionName === "setMinStakeAmt" ? "minimum" : "maximum"} stake to ${pliText(value)} PLI`,
      );
      return {
        call: oneOrBatch(
          calls.map(({ functionName, value }) => ({
            to: staking,
            data: encodeFunctionData({ abi: stakingRewardsAbi, functionName, args: [value] }),
          })),
        ),
        summary: `Set the ${words.join(" and the ")}`,
        csvDigest: null,
      };
    }
  }
}

/**
 * Stores the Safe transaction of `action` at `nonce` (to replace a queued proposal) or at the next free nonce: one past
 * the highest proposal still ahead of the Safe, or the Safe's own nonce. With `record`, the record status change it
 * stands for, checked now by the status routes' rules and applied when the transaction executes.
 */
export async function propose(
  deps: SafeDeps,
  action: SafeAction,
  nonceText: string | undefined,
  by: AuditActor & { id: string },
  record?: SafeRecord,
) {
  const safe = safeOf(deps.config);
  const stored = record ? await checkRecord(deps.db, action, record) : undefined;
  const now = await readSafeNow(deps.chain, safe);
  if (nonceText !== undefined && BigInt(nonceText) < now.nonce)
    throw validationError({ nonce: SAFE_MESSAGES.safeNonceBelowSafe });
  const built = await build(deps, action);
  return deps.db.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(hashtext(${`pli.safe-nonce:${deps.config.CHAIN_ID}:${lower(safe)}`}))`.execute(
      trx,
    );
    const free = await nextFreeNonce(trx, deps.config.CHAIN_ID, safe, now);
    const nonce = nonceText !== undefined ? BigInt(nonceText) : free;
    if (nonce > free) throw validationError({ nonce: SAFE_MESSAGES.safeNonceAhead });
    const queue = { safe, chainId: deps.config.CHAIN_ID, nonce };
    if ((await queuedClash(trx, queue, action)) !== null)
      throw new AppError("conflict", SAFE_MESSAGES.safeAlreadyQueued);
    if (action.kind === "payout") {
      const queued = await queuedPayoutsTotal(trx, queue);
      if (rewardPoolShort(BigInt(await rewardBalance(trx)), queued + BigInt(built.total ?? "0")))
        throw new AppError("conflict", SAFE_MESSAGES.safePoolTakenByQueue);
    }
    const result = await storeProposal(trx, deps.config.CHAIN_ID, safe, { action, nonce, built, stored, by });
    if (result.created) {
      if (action.kind === "payout") await requirePayoutNames(trx, action.ids);
      await recordAudit(trx, {
        by,
        action: "safe.propose",
        recordType: "safeProposal",
        recordId: result.id,
        after: {
          id: result.id,
          kind: action.kind,
          sequence: nonce.toString(),
          total: built.total,
          ...(record ? { record } : {}),
        },
      });
    }
    return { ...result, nonce, built };
  });
}

/**
 * The next free nonce: one past the highest proposal still ahead of the Safe, or the Safe's own nonce. Read under the
 * Safe's nonce lock, so two proposals made at once do not take the same one.
 */
async function nextFreeNonce(db: Db, chainId: number, safe: Address, now: { nonce: bigint }) {
  const queued = await db
    .selectFrom("app.safe_proposal")
    .select((eb) => eb.fn.max("nonce").as("highest"))
    .where("safe", "=", lower(safe))
    .where("chain_id", "=", chainId)
    .where("nonce", ">=", now.nonce.toString())
    .executeTakeFirst();
  return queued?.highest === null || queued?.highest === undefined ? now.nonce : BigInt(queued.highest) + 1n;
}

/** Stores a built proposal at `nonce`; an identical one already stored is answered instead (`created` false). */
async function storeProposal(
  db: Db,
  chainId: number,
  safe: Address,
  {
    action,
    nonce,
    built,
    stored,
    by,
  }: {
    action: SafeAction;
    nonce: bigint;
    built: Built;
    stored: Awaited<ReturnType<typeof checkRecord>> | undefined;
    by: { id: string };
  },
) {
  const tx = plainSafeTx(built.call, nonce);
  const row = await db
    .insertInto("app.safe_proposal")
    .values({
      chain_id: chainId,
      safe: lower(safe),
      nonce: nonce.toString(),
      kind: action.kind,
      to_address: lower(tx.to),
      data: tx.data,
      operation: tx.operation,
      safe_tx_hash: safeTxHash(chainId, safe, tx),
      domain_hash: safeDomainHash(chainId, safe),
      description: JSON.stringify({
        action,
        summary: built.summary,
        recipients: built.recipients,
        total: built.total,
        ...(stored ? { record: { label: stored.label } } : {}),
      }),
      csv_digest: built.csvDigest,
      proposed_by: by.id,
      ...(stored
        ? {
            record_type: stored.type,
            record_id: stored.id,
            record_status: stored.status,
            record_from_status: stored.from,
          }
        : {}),
    })
    .onConflict((oc) => oc.columns(["chain_id", "safe", "safe_tx_hash"]).doNothing())
    .returning("id")
    .executeTakeFirst();
  const id =
    row?.id ??
    (
      await db
        .selectFrom("app.safe_proposal")
        .select("id")
        .where("safe_tx_hash", "=", safeTxHash(chainId, safe, tx))
        .executeTakeFirstOrThrow()
    ).id;
  return { id, created: row !== undefined };
}

type ProposalRow = Awaited<ReturnType<typeof proposalRows>>[number];

function proposalRows(db: Db, safe: Address, chainId: number, id?: string) {
  let query = db
    .selectFrom("app.safe_proposal as p")
    .leftJoin("app.admin as a", "a.id", "p.proposed_by")
    .select([
      "p.id",
      "p.nonce",
      "p.kind",
      "p.to_address",
      "p.value",
      "p.data",
      "p.operation",
      "p.safe_tx_hash",
      "p.domain_hash",
      "p.description",
      "p.csv_digest",
      "p.created_at",
      "p.record_type",
      "p.record_id",
      "p.record_status",
      "p.record_outcome",
      "p.record_reason",
      "p.record_tx_hash",
      "a.email as proposer",
    ])
    .where("p.safe", "=", lower(safe))
    .where("p.chain_id", "=", chainId);
  if (id) query = query.where("p.id", "=", id);
  return query.orderBy("p.nonce", "desc").orderBy("p.created_at", "desc").limit(200).execute();
}

function safeTxOf(row: ProposalRow): SafeTx {
  return plainSafeTx(
    {
      to: getAddress(row.to_address),
      data: row.data as Hex,
      value: BigInt(row.value),
      operation: row.operation as 0 | 1,
    },
    BigInt(row.nonce),
  );
}

/** A proposal's record update as the queue shows it; one that can no longer execute is void. */
function recordOf(
  row: ProposalRow,
  label: string | undefined,
  state: SafeProposalState,
): SafeProposalResponse["record"] {
  if (!row.record_type || !row.record_id || !row.record_status) return null;
  const outcome =
    row.record_outcome === "applied" || row.record_outcome === "refused"
      ? row.record_outcome
      : state === "failed" || state === "replaced"
        ? "void"
        : "pending";
  return {
    type: row.record_type as "node" | "stakeRequest" | "stake",
    id: row.record_id,
    status: row.record_status,
    label: label ?? row.record_id,
    outcome,
    reason: row.record_reason,
    txHash: outcome === "applied" || outcome === "refused" ? row.record_tx_hash : null,
  };
}

/** Each proposal with its state derived from the indexed chain: executions, approvals, owners and nonce. */
export async function listProposals(deps: SafeDeps, viewer: string | undefined, id?: string) {
  const safe = safeOf(deps.config);
  const rows = await proposalRows(deps.db, safe, deps.config.CHAIN_ID, id);
  if (rows.length === 0) return [];
  const state = await indexedSafe(deps, safe);
  const hashes = rows.map((row) => row.safe_tx_hash);
  const nonces = [...new Set(rows.map((row) => row.nonce))];
  const [signed, approvals, executions] = await Promise.all([
    deps.db
      .selectFrom("app.safe_confirmation")
      .select(["proposal_id", "owner", "method", "signature"])
      .where(
        "proposal_id",
        "in",
        rows.map((row) => row.id),
      )
      .execute(),
    deps.db
      .selectFrom("chain.safe_approval")
      .select(["safe_tx_hash", "owner"])
      .where("safe", "=", lower(safe))
      .where("safe_tx_hash", "in", hashes)
      .execute(),
    deps.db
      .selectFrom("chain.safe_execution")
      .select(["safe_tx_hash", "nonce", "tx_hash", "executor", "status"])
      .where("safe", "=", lower(safe))
      .where("nonce", "in", nonces)
      .execute(),
  ]);
  const isOwner = (address: string) => state.owners.some((owner) => isAddressEqual(owner, address as Address));
  return rows.map((row): SafeProposalResponse => {
    const tx = safeTxOf(row);
    const confirmations: SafeConfirmation[] = [];
    const listed: SafeProposalResponse["confirmations"] = [];
    for (const c of signed.filter((s) => s.proposal_id === row.id && isOwner(s.owner))) {
      confirmations.push({ owner: getAddress(c.owner), signature: c.signature as Hex });
      listed.push({ owner: getAddress(c.owner), method: c.method as "typedData" | "ethSign" });
    }
    for (const a of approvals.filter((x) => x.safe_tx_hash === row.safe_tx_hash && isOwner(x.owner)))
      if (!confirmations.some((c) => isAddressEqual(c.owner, a.owner as Address))) {
        confirmations.push({ owner: getAddress(a.owner), approvedHash: true });
        listed.push({ owner: getAddress(a.owner), method: "approveHash" });
      }
    const executed = executions.find((e) => e.safe_tx_hash === row.safe_tx_hash);
    const other = executions.find((e) => e.nonce === row.nonce && e.safe_tx_hash !== row.safe_tx_hash);
    const nonce = BigInt(row.nonce);
    const enough = confirmations.length >= state.threshold;
    let proposalState: SafeProposalState;
    if (executed) proposalState = executed.status === "failure" ? "failed" : "executed";
    else if (other || nonce < state.nonce) proposalState = "replaced";
    else if (enough) proposalState = nonce === state.nonce ? "ready" : "blocked";
    else if (viewer && isOwner(viewer) && !listed.some((c) => isAddressEqual(c.owner as Address, viewer as Address)))
      proposalState = "awaitingMine";
    else proposalState = "awaitingOthers";
    const description = row.description as {
      summary: string;
      recipients?: SafeProposalResponse["recipients"];
      total?: string;
      record?: { label: string };
    };
    return {
      _id: row.id,
      kind: row.kind,
      nonce: row.nonce,
      state: proposalState,
      behindLowerNonce: !executed && !other && nonce > state.nonce,
      summary: description.summary,
      recipients: description.recipients,
      total: description.total,
      csvDigest: row.csv_digest,
      safeTx: {
        to: tx.to,
        value: tx.value.toString(),
        data: tx.data,
        operation: tx.operation,
        safeTxGas: "0",
        baseGas: "0",
        gasPrice: "0",
        gasToken: tx.gasToken,
        refundReceiver: tx.refundReceiver,
        nonce: row.nonce,
      },
      safeTxHash: row.safe_tx_hash,
      domainHash: row.domain_hash,
      confirmations: listed,
      threshold: state.threshold,
      signatures: enough && proposalState === "ready" ? packSafeSignatures(confirmations) : null,
      execution: executed
        ? { txHash: executed.tx_hash, executor: getAddress(executed.executor), status: executed.status }
        : null,
      proposedBy: row.proposer,
      createdAt: new Date(row.created_at as unknown as string).toISOString(),
      record: recordOf(row, description.record?.label, proposalState),
    };
  });
}

/**
 * Accepts an owner's signature of the proposal: recovered over the proposal's own SafeTx (its nonce, this chain, this
 * Safe), it must be a current owner's, and the Safe must not have used that nonce yet. Anything else is a field error.
 */
export async function confirm(
  deps: SafeDeps,
  input: { proposalId: string; method: "typedData" | "ethSign"; signature: Hex },
  by: AuditActor & { id: string },
) {
  const safe = safeOf(deps.config);
  const [row] = await proposalRows(deps.db, safe, deps.config.CHAIN_ID, input.proposalId);
  if (!row) throw new AppError("notFound", SAFE_MESSAGES.safeProposalNotFound);
  const now = await readSafeNow(deps.chain, safe);
  if (BigInt(row.nonce) < now.nonce) throw validationError({ signature: SAFE_MESSAGES.safeNonceUsed });
  const tx = safeTxOf(row);
  const v = hexToNumber(`0x${input.signature.slice(130)}`);
  let owner: Address;
  let stored: Hex;
  try {
    if (input.method === "typedData") {
      // Some wallets answer v as 0/1; the Safe reads 27/28 as an ECDSA signature of the typed data.
      stored = v < 27 ? (`${input.signature.slice(0, 130)}${toHex(v + 27).slice(2)}` as Hex) : input.signature;
      owner = await recoverTypedDataAddress({ ...safeTxTypedData(deps.config.CHAIN_ID, safe, tx), signature: stored });
    } else {
      const plain = v > 30 ? v - 4 : v < 27 ? v + 27 : v;
      const signature = `${input.signature.slice(0, 130)}${toHex(plain).slice(2)}` as Hex;
      owner = await recoverMessageAddress({ message: { raw: row.safe_tx_hash as Hex }, signature });
      // The Safe reads v > 30 as an eth_sign signature of the safeTxHash.
      stored = `${input.signature.slice(0, 130)}${toHex(plain + 4).slice(2)}` as Hex;
    }
  } catch {
    throw validationError({ signature: SAFE_MESSAGES.safeNotOwnerSignature });
  }
  if (!now.owners.some((o) => isAddressEqual(o, owner)))
    throw validationError({ signature: SAFE_MESSAGES.safeNotOwnerSignature });
  await deps.db.transaction().execute(async (trx) => {
    await trx
      .insertInto("app.safe_confirmation")
      .values({
        proposal_id: row.id,
        owner: lower(owner),
        method: input.method,
        signature: stored,
        confirmed_by: by.id,
      })
      .onConflict((oc) => oc.columns(["proposal_id", "owner"]).doUpdateSet({ method: input.method, signature: stored }))
      .execute();
    await recordAudit(trx, {
      by,
      action: "safe.confirm",
      recordType: "safeProposal",
      recordId: row.id,
      after: { id: row.id, sequence: row.nonce, owner, method: input.method },
    });
  });
  return { owner, nonce: row.nonce };
}

/** The indexed execution of a proposal by transaction `txHash`; 404 until the indexer has it. */
export async function findExecution(deps: SafeDeps, proposalId: string, txHash: string) {
  const safe = safeOf(deps.config);
  const [row] = await proposalRows(deps.db, safe, deps.config.CHAIN_ID, proposalId);
  if (!row) throw new AppError("notFound", SAFE_MESSAGES.safeProposalNotFound);
  const execution = await deps.db
    .selectFrom("chain.safe_execution")
    .selectAll()
    .where("safe_tx_hash", "=", row.safe_tx_hash)
    .where("tx_hash", "=", lower(txHash))
    .executeTakeFirst();
  if (!execution) throw new AppError("notFound", SAFE_MESSAGES.safeNotExecuted);
  return { row, execution };
}
