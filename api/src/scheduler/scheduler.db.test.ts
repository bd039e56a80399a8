import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../../test/database.ts";
import { asRole } from "../../../test/roles.ts";
import { waitFor } from "../../../scripts/lib/wait.ts";
import { createDb, type Db } from "../db/database.ts";
import { migrateDatabase } from "../db/roles.ts";
import { SCHEDULER_SCHEMA, startScheduler, type Scheduler } from "./scheduler.ts";
import { captureLogs } from "../../test/logs.ts";

let databaseUrl: string;
let db: Db;
const runs: string[] = [];
const logs = captureLogs();

const job = (instance: string) => ({
  name: "counted",
  cron: "0 3 * * *",
  expireInSeconds: 60,
  async run() {
    runs.push(instance);
    await new Promise((resolve) => setTimeout(resolve, 200));
  },
});

beforeAll(async () => {
  const url = await createTestDatabase("scheduler");
  db = createDb(asRole(url, "owner"), 1);
  await migrateDatabase(db);
  databaseUrl = asRole(url, "api");
});
afterAll(() => db?.destroy());

describe("the Postgres-backed scheduler", () => {
  it("runs a job once however many API instances run (as the API's role), and keeps the schedule across a restart", async () => {
    const { log } = logs;
    const instances: Scheduler[] = [
      await startScheduler({ databaseUrl, jobs: [job("a")], log }),
      await startScheduler({ databaseUrl, jobs: [job("b")], log }),
    ];
    try {
      await instances[0]!.trigger("counted");
      await waitFor("the run", () => runs.length === 1 || undefined, { timeoutMs: 15_000, intervalMs: 100 });
      await new Promise((resolve) => setTimeout(resolve, 3_000));
      expect(runs).toHaveLength(1);
      expect(logs.lines().filter((line) => line.job === "counted")).toMatchObject([
        { level: 30, msg: "scheduled job done", durationMs: expect.any(Number) },
      ]);
    } finally {
      for (const instance of instances) await instance.stop();
    }
    const { rows } = await sql<{
      name: string;
      cron: string;
      timezone: string;
    }>`SELECT name, cron, timezone FROM ${sql.id(SCHEDULER_SCHEMA, "schedule")}`.execute(db);
    expect(rows).toEqual([{ name: "counted", cron: "0 3 * * *", timezone: "UTC" }]);
    expect(logs.errors()).toEqual([]);
  });
});
