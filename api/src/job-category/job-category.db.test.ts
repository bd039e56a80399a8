import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, createTestAppWithSmtp, type TestAppWithSmtp } from "../../test/app-fixture.ts";
import { operatorWithActiveNode, submitJob } from "../../test/jobs.ts";
import { API, MESSAGES } from "../public-contract/index.ts";

let t: TestAppWithSmtp;
let admin: string;
let operator: Awaited<ReturnType<typeof operatorWithActiveNode>>;

const list = (token: string) => t.call("GET", `${API.jobCategory.root}/`, { token });
const add = (categoryName: string) =>
  t.call("POST", `${API.jobCategory.root}/`, { token: admin, body: { categoryName } });
const rename = (_id: string, categoryName: string) =>
  t.call("POST", API.jobCategory.edit, { token: admin, body: { _id, categoryName } });
const remove = (id: string) => t.call("POST", API.jobCategory.delete, { token: admin, body: { id } });

beforeAll(async () => {
  t = await createTestAppWithSmtp();
  admin = await t.adminToken(await t.addAdmin());
  operator = await operatorWithActiveNode(t);
});
afterAll(() => t?.close());

describe("job categories", () => {
  it("are seeded for an oracle network, listed in that order to operators and admins", async () => {
    for (const token of [operator.token, admin]) {
      const response = await list(token);
      expect(response.status).toBe(200);
      expect(response.body.docs.map((category: { categoryName: string }) => category.categoryName)).toEqual([
        "Price Feed",
        "Random Number",
        "Weather",
        "Sports",
        "Custom",
      ]);
      expect(response.body.totalDocs).toBe(5);
    }
  });

  it("an admin adds and renames them; names are unique in any case", async () => {
    const added = await add("  Lottery ");
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({
      message: MESSAGES.categoryAdded,
      data: { categoryName: "Lottery", jobCount: 0 },
    });
    expect((await list(operator.token)).body.docs.at(-1).categoryName).toBe("Lottery");
    expect((await add("price feed")).body.errors).toEqual({ categoryName: MESSAGES.categoryExists });
    expect((await add("")).body.errors.categoryName).toBe("Category name is required");
    const id = added.body.data._id;
    expect((await rename(id, "SPORTS")).body.errors).toEqual({ categoryName: MESSAGES.categoryExists });
    const renamed = await rename(id, "lottery draws");
    expect(renamed.body).toMatchObject({
      message: MESSAGES.categoryRenamed,
      data: { _id: id, categoryName: "lottery draws" },
    });
    expect((await rename(id, "Lottery Draws")).status).toBe(200);
    expect((await rename("00000000-0000-4000-8000-000000000000", "Anything")).status).toBe(404);
  });

  it("a name with half of a surrogate pair is refused with a field error, and nothing is written", async () => {
    const audited = async () => (await t.db.selectFrom("app.audit_record").select("id").execute()).length;
    const categories = async () => (await t.db.selectFrom("app.job_category").select("id").execute()).length;
    const before = [await audited(), await categories()];
    for (const categoryName of ["\ud800abc", "abc\udfff"]) {
      const refused = await add(categoryName);
      expect(refused.status).toBe(400);
      expect(refused.body.errors).toEqual({ categoryName: MESSAGES.unpairedSurrogate });
    }
    expect([await audited(), await categories()]).toEqual(before);
    expect((await add("abc \ud83d\ude00")).status).toBe(201);
  });

  it("a category is removed only while no job uses it; renaming keeps its jobs", async () => {
    const category = (await add("Election results")).body.data;
    const jobId = await submitJob(t, operator, { jobCategoryID: category._id });
    const inUse = await remove(category._id);
    expect(inUse.status).toBe(409);
    expect(inUse.body.error).toBe(MESSAGES.categoryInUse);
    expect((await list(admin)).body.docs.find((row: { _id: string }) => row._id === category._id).jobCount).toBe(1);
    await rename(category._id, "Elections");
    const job = (
      await t.call("POST", API.job.byNode, { token: operator.token, body: { id: operator.nodeId } })
    ).body.docs.find((row: { _id: string }) => row._id === jobId);
    expect(job).toMatchObject({ jobCategoryID: category._id, categoryName: "Elections", jobChange: false });
    expect((await t.call("POST", API.job.delete, { token: admin, body: { id: jobId } })).status).toBe(200);
    const removed = await remove(category._id);
    expect(removed.status).toBe(200);
    expect(removed.body.message).toBe(MESSAGES.categoryRemoved);
    expect((await remove(category._id)).status).toBe(404);
  });

  it("when none is left the list is empty (the web shows 'No Category Available')", async () => {
    const fresh = await createTestApp();
    try {
      await fresh.db.deleteFrom("app.job_category").execute();
      const who = await operatorWithActiveNode(fresh);
      expect((await fresh.call("GET", API.jobCategory.root, { token: who.token })).body).toEqual({
        docs: [],
        totalDocs: 0,
      });
    } finally {
      await fresh.close();
    }
  });

  it("only an admin changes them", async () => {
    const body = { categoryName: "Mine" };
    expect((await t.call("POST", API.jobCategory.root, { token: operator.token, body })).status).toBe(403);
    expect(
      (
        await t.call("POST", API.jobCategory.edit, {
          token: operator.token,
          body: { ...body, _id: "00000000-0000-4000-8000-000000000000" },
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await t.call("POST", API.jobCategory.delete, {
          token: operator.token,
          body: { id: "00000000-0000-4000-8000-000000000000" },
        })
      ).status,
    ).toBe(403);
    expect((await t.call("GET", API.jobCategory.root)).status).toBe(401);
  });
});
