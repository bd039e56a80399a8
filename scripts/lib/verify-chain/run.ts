import { getIndexedBlock } from "@pli/api/chain/views";
import { setUpActors } from "./actors.ts";
import type { Bench } from "./bench.ts";
import type { FaultyRpcStats } from "../faulty-rpc.ts";
import type { XdcFeeMode, XdcStats } from "../xdc-rpc.ts";
import { harnessChain, type HarnessChain } from "./chain.ts";
import { compareServed, type Discrepancy } from "./compare.ts";
import { runOperation, type OpRecord } from "./operations.ts";
import { programOf, type ProgramOptions } from "./program.ts";
import { reorgChain } from "./reorg.ts";
import { readServedFacts } from "./served.ts";
import { startStand } from "./stand.ts";
import { readChainFacts } from "./truth.ts";

/**
 * How long the API may take, once the indexer is at the head, to serve what the chain says (its payment matcher runs
 * after each indexed block).
 */
const SETTLE_MS = 20_000;
/**
 * How long the indexer may take to reach the head: after the last operation, and before a reorg that
 * finds it running or is drawn live (so that, as on a live chain with blocks seconds apart, the reorg
 * takes back blocks already indexed).
 */
const CATCH_UP_MS = 600_000;

export interface VerifyOptions extends ProgramOptions {
  /** Operator wallets taking part. */
  operators: number;
  /**
   * Put the fault-injecting proxy between anvil and the indexer and API (stand.ts's PUBLIC_ENDPOINT_FAULTS), and
   * have it refuse every connection for `refuseSeconds` from a third of the operations on.
   */
  faultyRpc?: { refuseSeconds: number };
  /** Put the XDC node stand-in (chain 51, every quirk on, these fee rules) between anvil and the indexer and API. */
  xdc?: { fees: XdcFeeMode };
  /** The demo 2-of-3 Safe is an operator of StakingRewards and sends the owner's payouts. */
  safe?: boolean;
  /** The API compiled as production runs it (a build's server.js), instead of its source through tsx. */
  apiProgram?: string;
  /** Keep the stand's data folder (logs, database) even when everything agrees. */
  keep?: boolean;
  /** Aborting stops the run at the next operation and tears the stand down. */
  signal?: AbortSignal;
  log: (line: string) => void;
}

export interface VerifyResult {
  options: Omit<VerifyOptions, "log" | "keep" | "signal">;
  records: OpRecord[];
  kills: number;
  /**
   * How many, the blocks they replaced, and how many found the indexer running (at the head) rather than restarting.
   */
  reorgs: { count: number; blocks: number; live: number };
  discrepancies: Discrepancy[];
  /** What the faulty proxy did, with `faultyRpc`. */
  faultyRpc: { refuseSeconds: number; stats: FaultyRpcStats } | null;
  /** What the XDC node stand-in did, with `xdc`. */
  xdc: { fees: XdcFeeMode; stats: FaultyRpcStats; xdcStats: XdcStats } | null;
  /** Seconds per phase. */
  seconds: { setup: number; operations: number; catchUp: number; comparison: number; total: number };
  /** The stand's data folder when it was kept (any discrepancy or unexpected outcome, or `keep`). */
  keptDir: string | null;
}

const since = (start: number) => (performance.now() - start) / 1000;

/**
 * Mines an empty block every second until `waiting` settles, as a live chain goes on making blocks: a
 * restarted indexer that missed the one block its start mines would otherwise wait for the next forever.
 */
async function whileMining<T>(chain: HarnessChain, waiting: Promise<T>): Promise<T> {
  const timer = setInterval(() => void chain.testClient.mine({ blocks: 1 }).catch(() => undefined), 1_000);
  try {
    return await waiting;
  } finally {
    clearInterval(timer);
  }
}

/**
 * `npm run verify:chain`: a stand of its own, the seed's program of operations from the operators and
 * the owner with the indexer SIGKILLed and restarted and shallow reorgs in between, then, once the
 * indexer has caught up, everything the API serves about money compared with the contracts.
 */
export async function verifyChain(options: VerifyOptions): Promise<VerifyResult> {
  const started = performance.now();
  const log = (line: string) => options.log(`[${since(started).toFixed(1).padStart(6)} s] ${line}`);
  const stand = await startStand(log, {
    faultyRpc: options.faultyRpc !== undefined,
    xdc: options.xdc,
    safe: options.safe,
    apiProgram: options.apiProgram,
  });
  let keep = options.keep ?? false;
  try {
    const chain = await harnessChain(stand.rpcUrl, stand.deployment);
    log("stand up; funding operators, signing in, registering portal nodes");
    const actors = await setUpActors(
      { chain, db: stand.db, apiUrl: stand.apiUrl, outboxDir: stand.outboxDir },
      { seed: options.seed, count: options.operators },
    );
    const program = programOf(options);
    const setup = since(started);
    log(
      `stand ready in ${setup.toFixed(1)} s; ${options.ops} operations from ${actors.operators.length} operators and the owner, seed ${options.seed}`,
    );

    const bench: Bench = {
      chain,
      actors,
      db: stand.db,
      rows: [],
      rowMonths: new Map(),
      orphanDays: 0,
      safe: stand.deployment.safe?.address,
    };
    const records: OpRecord[] = [];
    const kills = new Set(program.kills);
    const reorgs = { count: 0, blocks: 0, live: 0 };
    let killed = 0;
    let killsDue = 0;
    const crash = async (when: string) => {
      await stand.indexer.crash();
      killed++;
      killsDue--;
      log(`${when}: indexer SIGKILLed, restarting`);
    };
    const refuseAt = Math.floor(options.ops / 3);
    let refusal: Promise<void> | null = null;
    const refuse = async (seconds: number) => {
      await stand.faultyRpc!.set({ refuse: true });
      log(`RPC proxy refusing connections for ${seconds} s`);
      await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
      await stand.faultyRpc!.set({ refuse: false });
      log("RPC proxy accepting connections again");
    };
    const opsStarted = performance.now();
    const every = Math.max(1, Math.round(options.ops / 10));
    for (let index = 0; index <= options.ops; index++) {
      options.signal?.throwIfAborted();
      if (kills.has(index)) killsDue++;
      if (killsDue > 0 && stand.indexer.up) await crash(`before operation ${index}`);
      for (const reorg of program.reorgs.filter((r) => r.at === index)) {
        const live = reorg.live || stand.indexer.up;
        if (live) {
          await whileMining(chain, stand.indexer.ready());
          await stand.indexer.indexed(await chain.head(), CATCH_UP_MS);
        }
        const survived = await reorgChain(chain, actors, reorg);
        for (const record of records.toReversed()) {
          const block = record.txs.at(-1)?.block;
          if (block === undefined) continue;
          if (block <= survived) break;
          record.dropped = true;
        }
        reorgs.count++;
        reorgs.blocks += reorg.depth;
        if (live) reorgs.live++;
      }
      if (index === options.ops) break;
      if (options.faultyRpc && index === refuseAt) refusal = refuse(options.faultyRpc.refuseSeconds);
      records.push(await runOperation(bench, program.intents[index]!, index));
      if ((index + 1) % every === 0) {
        const [head, indexed] = await Promise.all([chain.head(), getIndexedBlock(stand.db)]);
        log(
          `${index + 1}/${options.ops} operations, ${((index + 1) / since(opsStarted)).toFixed(1)}/s; head ${head}, indexed ${indexed ?? "none"}${stand.indexer.up ? "" : " (indexer restarting)"}`,
        );
      }
    }
    const operations = since(opsStarted);

    const catchUpStarted = performance.now();
    options.signal?.throwIfAborted();
    await refusal;
    await whileMining(chain, stand.indexer.ready());
    while (killsDue > 0) {
      await crash("after the last operation");
      await whileMining(chain, stand.indexer.ready());
    }
    await chain.testClient.mine({ blocks: 1 });
    const head = await chain.head();
    await stand.indexer.indexed(head, CATCH_UP_MS);
    const catchUp = since(catchUpStarted);
    log(`indexer at head ${head} after ${catchUp.toFixed(1)} s; comparing`);

    const comparisonStarted = performance.now();
    const reverted = records.flatMap((record) => record.txs.filter((tx) => !tx.ok).map((tx) => tx.hash));
    const chainFacts = await readChainFacts(chain, actors, bench.rows, reverted, head);
    const harnessFacts = {
      rows: bench.rows,
      operators: actors.operators.map((operator) => ({ wallet: operator.address, nodes: operator.portalNodes })),
    };
    let discrepancies: Discrepancy[] = [];
    const settleBy = performance.now() + SETTLE_MS;
    do {
      discrepancies = compareServed(await readServedFacts(stand.apiUrl, actors), chainFacts, harnessFacts);
      if (discrepancies.length > 0 && performance.now() < settleBy)
        await new Promise((resolve) => setTimeout(resolve, 1_000));
    } while (discrepancies.length > 0 && performance.now() < settleBy);
    const comparison = since(comparisonStarted);

    keep ||= discrepancies.length > 0 || records.some((record) => record.unexpected);
    return {
      options: {
        ops: options.ops,
        seed: options.seed,
        kills: options.kills,
        reorgs: options.reorgs,
        operators: options.operators,
      },
      records,
      kills: killed,
      reorgs,
      discrepancies,
      faultyRpc: options.faultyRpc
        ? { refuseSeconds: options.faultyRpc.refuseSeconds, stats: { ...stand.faultyRpc!.stats } }
        : null,
      xdc: options.xdc
        ? { fees: options.xdc.fees, stats: { ...stand.xdc!.stats }, xdcStats: { ...stand.xdc!.xdcStats } }
        : null,
      seconds: { setup, operations, catchUp, comparison, total: since(started) },
      keptDir: keep ? stand.dir : null,
    };
  } catch (error) {
    keep = true;
    log(`failed; the stand's logs are kept in ${stand.logDir}`);
    throw error;
  } finally {
    await stand.stop(keep);
  }
}
