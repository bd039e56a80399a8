import { afterAll, beforeAll, expect, it } from "vitest";
import { getIndexedBlock } from "@pli/api/chain/views";
import { startFaultyRpc, type FaultyRpc } from "../../scripts/lib/faulty-rpc.ts";
import { startIndexer, type Indexer } from "../../scripts/lib/indexer.ts";
import { waitFor } from "../../scripts/lib/wait.ts";
import { chainFixture, type ChainFixture } from "./fixture.ts";

let f: ChainFixture;
let control: FaultyRpc;
let indexer: Indexer | undefined;

beforeAll(async () => {
  f = await chainFixture();
  control = await startFaultyRpc({ upstream: f.anvil.rpcUrl, faults: { failMethods: ["evm_mine"] } });
});
afterAll(async () => {
  await indexer?.stop();
  await control?.stop();
  await f?.stop();
});

/** More refusals than one call's retries (viem tries a call 4 times): only a nudge made again gets through. */
const REFUSALS = 5;

it("starts on a local chain even when the block that should wake Ponder up is never mined", async () => {
  const head = await f.publicClient.getBlockNumber({ cacheTime: 0 });
  const lost = waitFor("refused evm_mine calls", () => control.stats.failed >= REFUSALS, {
    timeoutMs: 120_000,
    intervalMs: 5,
  });
  const starting = startIndexer({
    databaseUrl: f.databaseUrl,
    rpcUrl: f.anvil.rpcUrl,
    wsUrl: f.anvil.wsUrl,
    controlRpcUrl: control.url,
    deployment: f.deployment,
  });
  await Promise.race([lost, starting]);
  await control.set({ failMethods: [] });
  indexer = await starting;
  expect(control.stats.failed).toBeGreaterThanOrEqual(REFUSALS);
  expect(await getIndexedBlock(f.db)).toBeGreaterThanOrEqual(Number(head));
}, 180_000);
