import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { startPostgres, type Postgres } from "../../../scripts/lib/postgres.ts";
import { createTestAppWithSmtp, type TestAppWithSmtp } from "../../test/app-fixture.ts";
import { API, MESSAGES } from "../public-contract/index.ts";
import { TEST_ROLE_PASSWORDS } from "../../../test/roles.ts";
import { CONNECTION_TIMEOUT_MS } from "./database.ts";
import { setUpDatabaseRoles } from "./roles.ts";

/**
 * The API on a Postgres server of its own, which the test stops and starts again under it (a real restart, as a
 * database upgrade or a crash and restart would do): meanwhile every request answers 503 with the one error shape,
 * promptly; afterwards the same app serves again, and every write it acknowledged is there.
 */
let dir: string;
let postgres: Postgres;
let t: TestAppWithSmtp;
let admin: string;
const acknowledged: string[] = [];

const list = () => t.call("GET", `${API.jobCategory.root}/`, { token: admin });
async function add(categoryName: string) {
  const answer = await t.call("POST", `${API.jobCategory.root}/`, { token: admin, body: { categoryName } });
  if (answer.status === 201) acknowledged.push(categoryName);
  return answer;
}
async function timed<T>(request: () => Promise<T>) {
  const started = performance.now();
  const answer = await request();
  return { answer, ms: performance.now() - started };
}

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "pli-restart-"));
  postgres = await startPostgres({ dataDir: path.join(dir, "pg") });
  const databaseUrl = await postgres.createDatabase("portal");
  await setUpDatabaseRoles(postgres.url(), "portal", TEST_ROLE_PASSWORDS);
  t = await createTestAppWithSmtp({ databaseUrl });
  admin = await t.adminToken(await t.addAdmin());
}, 120_000);
afterAll(async () => {
  await t?.close();
  await postgres?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

it("answers 503 while the database restarts, serves again by itself afterwards, and keeps every acknowledged write", async () => {
  for (const name of ["Before one", "Before two"]) expect((await add(name)).status).toBe(201);

  await postgres.stop();
  for (const request of [list, () => add("During"), () => t.call("GET", API.settingBrand)]) {
    const { answer, ms } = await timed(request);
    expect(answer.status).toBe(503);
    expect(answer.body).toEqual({ error: MESSAGES.databaseUnavailable, id: answer.headers.get("x-request-id") });
    expect(answer.headers.get("retry-after")).toBe("5");
    expect(ms).toBeLessThan(CONNECTION_TIMEOUT_MS);
  }

  postgres = await startPostgres({ dataDir: path.join(dir, "pg"), port: postgres.port });
  expect((await list()).status).toBe(200);
  for (const name of ["After one", "After two"]) expect((await add(name)).status).toBe(201);

  const names = (await list()).body.docs.map((category: { categoryName: string }) => category.categoryName);
  expect(acknowledged).toEqual(["Before one", "Before two", "After one", "After two"]);
  for (const name of acknowledged) expect(names).toContain(name);
  expect(names).not.toContain("During");
  expect(t.logs.lines().filter((line) => line.status === 500)).toEqual([]);
}, 60_000);
