import pg from "pg";
import { afterAll, beforeAll, expect, inject } from "vitest";
import type { Stack } from "../../scripts/stack.ts";
import { runsAlone } from "./turns.ts";

/** What the browser tests see of the run's shared stack (started by ./global-stack.ts). */
export interface SharedStack {
  urls: Stack["urls"];
  deployment: Stack["deployment"];
  databaseUrl: string;
  logDir: string;
  /** Where the stack's SMTP server leaves each mail (read with `mailbox`). */
  mailDir: string;
}

/** The advisory lock on the stack's database that decides which browser files run side by side. */
const STACK_LOCK = 7_051_973;

/** How long a file waits for its turn: as long as the longest file that may be running beside it. */
const TURN_WAIT_MS = 15 * 60_000;

/**
 * The run's shared stack. Browser files run two at a time; each holds the stack's lock for its whole run, shared, or
 * exclusive for a file that runs alone (./turns.ts; Postgres queues the requests in order, so a file waiting to run
 * alone is not passed by files that come after it). Call it before any other hook of the file: its lock is taken first
 * and let go last.
 */
export function useStack(): { readonly current: SharedStack } {
  const stack = inject("e2eStack");
  let session: pg.Client | undefined;
  beforeAll(async () => {
    const alone = runsAlone(expect.getState().testPath ?? "");
    session = new pg.Client({ connectionString: stack.databaseUrl, application_name: "browser test turn" });
    await session.connect();
    await session.query(alone ? "SELECT pg_advisory_lock($1)" : "SELECT pg_advisory_lock_shared($1)", [STACK_LOCK]);
  }, TURN_WAIT_MS);
  afterAll(async () => {
    await session?.end();
  });
  return {
    get current() {
      return stack;
    },
  };
}
