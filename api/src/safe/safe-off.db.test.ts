import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEV_KEYS } from "../../../scripts/lib/dev-accounts.ts";
import { createTestAppWithSmtp } from "../../test/app-fixture.ts";
import { newOperator } from "../../test/nodes.ts";
import { API, MESSAGES } from "../public-contract/index.ts";

/** Without SAFE_ADDRESS the spec's single wallet acts: the Safe routes say so and store nothing. */
let t: Awaited<ReturnType<typeof createTestAppWithSmtp>>;
let admin: string;

beforeAll(async () => {
  t = await createTestAppWithSmtp();
  admin = await t.adminToken(await t.addAdmin());
});
afterAll(async () => {
  await t?.close();
});

describe("the Safe routes without SAFE_ADDRESS", () => {
  it("answer that no Safe is configured, and accept no proposal", async () => {
    expect((await t.call("GET", API.safe.root, { token: admin })).body).toEqual({ enabled: false });
    const proposal = await t.call("POST", API.safe.proposals, {
      token: admin,
      body: { action: { kind: "deposit", amount: "10" } },
    });
    expect(proposal.status).toBe(404);
    expect(proposal.body.error).toBe(MESSAGES.safeModeOff);
    expect(await t.db.selectFrom("app.safe_proposal").select("id").execute()).toEqual([]);
  });

  it("are the admins' only: an operator and an anonymous caller are refused", async () => {
    const operator = await newOperator(t, DEV_KEYS.validator);
    expect((await t.call("GET", API.safe.proposals, { token: operator.token })).status).toBe(403);
    expect((await t.call("GET", API.safe.root)).status).toBe(401);
  });
});
