import fc from "fast-check";

/**
 * What an operation sets out to do; the harness turns each into concrete calls against the chain's state at that
 * moment.
 */
export const OP_KINDS = [
  "whitelist",
  "farmWhitelist",
  "stake",
  "topup",
  "transferAndCall",
  "unlock",
  "unstake",
  "deposit",
  "accrue",
  "payout",
  "orphanPayout",
  "limits",
] as const;
export type OpKind = (typeof OP_KINDS)[number];

/** How often each kind is drawn, relative to the others. */
const WEIGHTS: Record<OpKind, number> = {
  whitelist: 7,
  farmWhitelist: 3,
  stake: 14,
  topup: 12,
  transferAndCall: 6,
  unlock: 9,
  unstake: 8,
  deposit: 6,
  accrue: 7,
  payout: 10,
  orphanPayout: 3,
  limits: 4,
};

/** Share of operations drawn to break a rule of the contracts (they must revert), in percent. */
const INVALID_PERCENT = 25;
/** Random draws are whole numbers below this; a draw / RANDOM_RANGE is a fraction in [0, 1). */
export const RANDOM_RANGE = 1_000_000;

export interface Intent {
  kind: OpKind;
  /** Picks the operator (modulo their number). */
  actor: number;
  /** Picks one of the operator's nodes (modulo their number). */
  node: number;
  /** Drawn to break a rule: which one is `variant` (modulo the kind's ways to fail). */
  invalid: boolean;
  variant: number;
  /** Two independent draws in [0, RANDOM_RANGE) for amounts and choices. */
  r1: number;
  r2: number;
}

export interface Reorg {
  /** Runs before the operation with this index (after the last one when it equals their number). */
  at: number;
  depth: 1 | 2 | 3;
  /** Admin transactions mined into the replacement blocks. */
  replacements: number;
  /**
   * Waits for the indexer to be up and at the head first (a restart under way included), so it takes back indexed
   * blocks; else it comes whatever the indexer is doing.
   */
  live: boolean;
}

export interface Program {
  intents: Intent[];
  /**
   * Indexes of the operations before which the indexer is SIGKILLed (and restarted), ascending; their number means
   * after the last.
   */
  kills: number[];
  reorgs: Reorg[];
}

export interface ProgramOptions {
  ops: number;
  seed: number;
  kills: number;
  reorgs: number;
}

/**
 * Indexer kills and reorgs a run of `ops` operations gets unless told otherwise (at least one kill and two
 * reorgs). Kills are few: a restart (the dead process's schema lock, then the backfill) takes long enough
 * that reorgs falling during it would otherwise far outnumber those that find the indexer running.
 */
export const defaultChaos = (ops: number) => ({
  kills: Math.max(1, Math.round(ops / 5_000)),
  reorgs: Math.max(2, Math.round(ops / 150)),
});

const draw = fc.integer({ min: 0, max: RANDOM_RANGE - 1 });

const intentArbitrary: fc.Arbitrary<Intent> = fc.record({
  kind: fc.oneof(...OP_KINDS.map((kind) => ({ arbitrary: fc.constant(kind), weight: WEIGHTS[kind] }))),
  actor: draw,
  node: draw,
  invalid: fc.integer({ min: 0, max: 99 }).map((n) => n < INVALID_PERCENT),
  variant: draw,
  r1: draw,
  r2: draw,
});

/**
 * `count` distinct moments in [1, ops], ascending (as many as fit): before operation `at`, or after the last one for
 * `ops`.
 */
const positions = (ops: number, count: number) =>
  fc
    .uniqueArray(fc.integer({ min: 1, max: Math.max(1, ops) }), {
      minLength: Math.min(count, ops),
      maxLength: Math.min(count, ops),
    })
    .map((at) => at.sort((a, b) => a - b));

/** The whole run as a pure function of the seed: the same seed and counts give the same program. */
export function programOf({ ops, seed, kills, reorgs }: ProgramOptions): Program {
  const arbitrary = fc.record({
    intents: fc.array(intentArbitrary, { minLength: ops, maxLength: ops }),
    kills: positions(ops, kills),
    reorgs: positions(ops, reorgs).chain((at) =>
      fc.tuple(
        ...at.map((index) =>
          fc.record({
            at: fc.constant(index),
            depth: fc.constantFrom<1 | 2 | 3>(1, 2, 3),
            replacements: fc.integer({ min: 0, max: 2 }),
            live: fc.boolean(),
          }),
        ),
      ),
    ),
  });
  const [program] = fc.sample(fc.noBias(arbitrary), { seed, numRuns: 1 });
  return program!;
}
