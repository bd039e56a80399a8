import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestAppWithSmtp, type TestAppWithSmtp } from "../../test/app-fixture.ts";
import { categoryId, operatorWithActiveNode, submitJob } from "../../test/jobs.ts";
import { addressOf } from "../../test/nodes.ts";
import { API, MESSAGES, OPERATOR_EDITABLE_FIELDS, USER_ROLE } from "../public-contract/index.ts";

let t: TestAppWithSmtp;
let admin: string;
let owner: Awaited<ReturnType<typeof operatorWithActiveNode>>;
let weather: string;

const edit = (token: string, body: Record<string, unknown>) => t.call("POST", API.job.edit, { token, body });
const stored = (id: string) => t.db.selectFrom("app.job").selectAll().where("id", "=", id).executeTakeFirstOrThrow();

/** A new value for each field of the job of test/jobs.ts, and the value it is answered as. */
const NEW_VALUES: Record<string, [sent: unknown, answered: unknown]> = {
  name: ["PLI/USDT price", "PLI/USDT price"],
  description: ["Another description", "Another description"],
  oracleAddress: [`xdc${addressOf(7, "0c").slice(2)}`, addressOf(7, "0c")],
  jobID: ["job-x\njob-y", "job-x\njob-y"],
  cost: ["2.50", "2.5"],
  jobSource: ["http://other.example.com", "http://other.example.com"],
  jobProvider: ["Other", "Other"],
  jobCategoryID: ["weather", "weather"],
  indexPair: ["XDC/USDT", "XDC/USDT"],
  contractAddress: [addressOf(8, "0d"), addressOf(8, "0d")],
  network: ["Polygon Amoy", "Polygon Amoy"],
  polltimer: [300, 300],
  minimumOracle: ["2", 2],
  eacAddress: [`XDC${addressOf(9, "0e").slice(2)}`, addressOf(9, "0e")],
  accessAddress: ["", ""],
  deviation: [1, "1"],
};
const valueFor = (field: string, which: 0 | 1) => (field === "jobCategoryID" ? weather : NEW_VALUES[field]![which]);

beforeAll(async () => {
  t = await createTestAppWithSmtp();
  admin = await t.adminToken(await t.addAdmin());
  owner = await operatorWithActiveNode(t);
  weather = await categoryId(t, "Weather");
});
afterAll(() => t?.close());

describe("POST /api/job/edit by the owner", () => {
  it("changes poll timer, minimum oracle, EAC address, access address and deviation", async () => {
    const id = await submitJob(t, owner);
    const response = await edit(owner.token, {
      _id: id,
      polltimer: "120",
      minimumOracle: 2,
      eacAddress: "",
      accessAddress: `xdc${addressOf(6, "0f").slice(2)}`,
      deviation: "",
    });
    expect(response.status).toBe(200);
    expect(response.body.message).toBe("Job Edited Successfully");
    expect(response.body.data).toMatchObject({
      polltimer: 120,
      minimumOracle: 2,
      eacAddress: "",
      accessAddress: addressOf(6, "0f"),
      deviation: null,
      status: "Pending",
      jobChange: true,
    });
  });

  it("may send the other fields unchanged (the form sends them all), but not changed", async () => {
    const id = await submitJob(t, owner);
    const current = (
      await t.call("POST", API.job.byNode, { token: owner.token, body: { id: owner.nodeId } })
    ).body.docs.find((job: { _id: string }) => job._id === id);
    const {
      _id,
      categoryName: _c,
      nodeSettingID: _n,
      status: _s,
      jobStatus: _j,
      adminNotes: _a,
      jobChange: _jc,
      date: _d,
      updatedAt: _u,
      user: _o,
      nodesetting: _ns,
      ...fields
    } = current;
    const unchanged = await edit(owner.token, { _id, ...fields, polltimer: 30 });
    expect(unchanged.status).toBe(200);
    expect(unchanged.body.data.polltimer).toBe(30);
    const locked = Object.keys(NEW_VALUES).filter(
      (field) => !(OPERATOR_EDITABLE_FIELDS as readonly string[]).includes(field),
    );
    const changed = await edit(owner.token, {
      _id,
      ...Object.fromEntries(locked.map((field) => [field, valueFor(field, 0)])),
      polltimer: 45,
    });
    expect(changed.status).toBe(400);
    expect(changed.body.errors).toEqual(Object.fromEntries(locked.map((field) => [field, MESSAGES.adminOnlyField])));
    for (const review of [{ status: "Approved" }, { adminNotes: "approve me" }, { jobStatus: "Active" }]) {
      const response = await edit(owner.token, { _id, ...review });
      expect(response.status, JSON.stringify(review)).toBe(400);
      expect(response.body.errors).toEqual({ [Object.keys(review)[0]!]: MESSAGES.adminOnlyField });
    }
    expect(await stored(id)).toMatchObject({ polltimer: 30, status: "Pending", admin_notes: "", job_status: null });
  });

  it("each field is checked as on submit, and the minimum oracle against the stored oracle addresses", async () => {
    const id = await submitJob(t, owner);
    const response = await edit(owner.token, { _id: id, polltimer: 5, eacAddress: "0x12", deviation: "101" });
    expect(response.body.errors).toEqual({
      polltimer: "Poll timer must be from 10 to 86,400",
      eacAddress: "EAC address must be an address (0x… or xdc…)",
      deviation: "Deviation must be at most 100",
    });
    expect((await edit(owner.token, { _id: id, minimumOracle: 3 })).body.errors).toEqual({
      minimumOracle: "Minimum oracle cannot exceed the number of oracle addresses (2)",
    });
  });

  it("jobChange is computed by the server: true once an editable field changes, never from the body", async () => {
    for (const field of OPERATOR_EDITABLE_FIELDS) {
      const id = await submitJob(t, owner);
      expect((await edit(owner.token, { _id: id, jobChange: true })).body.data.jobChange, field).toBe(false);
      const response = await edit(owner.token, { _id: id, [field]: valueFor(field, 0), jobChange: false });
      expect(response.body.data.jobChange, field).toBe(true);
      expect(response.body.data[field], field).toEqual(valueFor(field, 1));
      expect((await edit(owner.token, { _id: id, jobChange: false })).body.data.jobChange, field).toBe(true);
    }
  });

  it("a job of another operator is never edited: 404 as an absent one", async () => {
    const id = await submitJob(t, owner);
    const other = await operatorWithActiveNode(t);
    for (const _id of [id, "00000000-0000-4000-8000-000000000000"]) {
      const response = await edit(other.token, { _id, polltimer: 20 });
      expect(response.status).toBe(404);
      expect(response.body.error).toBe(MESSAGES.jobNotFound);
    }
    expect((await stored(id)).polltimer).toBe(60);
  });

  it("an operator whose role became Standby can no longer edit: 403 with the spec's message", async () => {
    const operator = await operatorWithActiveNode(t);
    const id = await submitJob(t, operator);
    await t.db
      .updateTable("app.operator")
      .set({ user_role: USER_ROLE.standby })
      .where("wallet_address", "=", operator.wallet)
      .execute();
    const response = await edit(operator.token, { _id: id, polltimer: 20 });
    expect(response.status).toBe(403);
    expect(response.body.error).toBe("Only Validator Nodes are allowed to submit the jobs");
  });
});

describe("POST /api/job/edit by an admin", () => {
  it("the quick update sets status and notes, and answers 'Status Updated Successfully'", async () => {
    const id = await submitJob(t, owner);
    const response = await edit(admin, { _id: id, status: "Approved", adminNotes: "Looks good" });
    expect(response.status).toBe(200);
    expect(response.body.message).toBe("Status Updated Successfully");
    expect(response.body.data).toMatchObject({
      status: "Approved",
      adminNotes: "Looks good",
      jobStatus: null,
      jobChange: false,
    });
    expect((await edit(admin, { _id: id, status: "Rejected", adminNotes: "" })).body.data).toMatchObject({
      status: "Rejected",
      adminNotes: "",
    });
  });

  it("an edit made from a job changed since (the operator's edit, another admin's) is refused and overwrites nothing", async () => {
    const id = await submitJob(t, owner);
    const opened = (await stored(id)).updated_at.toISOString();
    expect((await edit(owner.token, { _id: id, polltimer: 45, updatedAt: opened })).status).toBe(200);
    const refused = await edit(admin, { _id: id, polltimer: 30, status: "Approved", updatedAt: opened });
    expect(refused).toMatchObject({
      status: 409,
      body: {
        error:
          "This job was changed since you opened it (by its operator or another admin): open it again from the list to see the changes",
      },
    });
    expect(await stored(id)).toMatchObject({ polltimer: 45, status: "Pending" });
    expect((await edit(owner.token, { _id: id, polltimer: 60, updatedAt: opened })).status).toBe(409);
    const fresh = (await stored(id)).updated_at.toISOString();
    expect((await edit(admin, { _id: id, polltimer: 30, status: "Approved", updatedAt: fresh })).status).toBe(200);
    expect((await edit(admin, { _id: id, updatedAt: "yesterday" })).body.errors.updatedAt).toBeTruthy();
  });

  it("status is Approved or Rejected and job status Active, Standby or InActive", async () => {
    const id = await submitJob(t, owner);
    const response = await edit(admin, { _id: id, status: "Pending", jobStatus: "De-Active" });
    expect(response.status).toBe(400);
    expect(response.body.errors).toEqual({
      status: "Status must be one of Approved, Rejected",
      jobStatus: "Job status must be one of Active, Standby, InActive",
    });
    for (const jobStatus of ["Active", "Standby", "InActive"]) {
      const saved = await edit(admin, { _id: id, status: "Approved", jobStatus });
      expect(saved.body.message).toBe(
        jobStatus === "InActive" ? "Job Deactivated Successfully" : "Job Edited Successfully",
      );
      expect(saved.body.data).toMatchObject({ status: "Approved", jobStatus, jobChange: false });
    }
  });

  it("a job runs (Active or Standby) only while Approved; rejecting a running job stops it", async () => {
    const id = await submitJob(t, owner);
    for (const jobStatus of ["Active", "Standby"]) {
      expect(await edit(admin, { _id: id, jobStatus })).toMatchObject({
        status: 400,
        body: { errors: { jobStatus: "A job can be Active or on Standby only while its status is Approved" } },
      });
      expect((await edit(admin, { _id: id, status: "Rejected", jobStatus })).status).toBe(400);
    }
    expect(await stored(id)).toMatchObject({ status: "Pending", job_status: null });
    expect((await edit(admin, { _id: id, status: "Approved", jobStatus: "Active" })).status).toBe(200);
    const rejected = await edit(admin, { _id: id, status: "Rejected", adminNotes: "Source is down" });
    expect(rejected.body).toMatchObject({
      message: "Status Updated Successfully",
      data: { status: "Rejected", jobStatus: "InActive" },
    });
    expect(await edit(admin, { _id: id, jobStatus: "Standby" })).toMatchObject({ status: 400 });
    expect((await edit(admin, { _id: id, status: "Approved", jobStatus: "Standby" })).body.data).toMatchObject({
      status: "Approved",
      jobStatus: "Standby",
    });
  });

  it("making a job InActive answers 'Job Deactivated Successfully'; saving it InActive again is an edit", async () => {
    const id = await submitJob(t, owner);
    await edit(admin, { _id: id, status: "Approved", jobStatus: "Active" });
    const deactivated = await edit(admin, { _id: id, status: "Approved", jobStatus: "InActive", cost: "3" });
    expect(deactivated.status).toBe(200);
    expect(deactivated.body.message).toBe("Job Deactivated Successfully");
    expect(deactivated.body.data).toMatchObject({ jobStatus: "InActive", cost: "3" });
    const again = await edit(admin, { _id: id, status: "Approved", jobStatus: "InActive", cost: "4" });
    expect(again.body.message).toBe("Job Edited Successfully");
  });

  it("edits every field; jobChange turns true for each field other than name and description", async () => {
    for (const field of Object.keys(NEW_VALUES)) {
      const id = await submitJob(t, owner);
      const response = await edit(admin, {
        _id: id,
        [field]: valueFor(field, 0),
        status: "Approved",
        adminNotes: "edited",
      });
      expect(response.status, field).toBe(200);
      expect(response.body.data[field], field).toEqual(valueFor(field, 1));
      expect(response.body.data.jobChange, field).toBe(field !== "name" && field !== "description");
    }
  });

  it("the same value sent again is no change; a review never sets jobChange", async () => {
    const id = await submitJob(t, owner);
    const response = await edit(admin, {
      _id: id,
      cost: "0.10",
      polltimer: "60",
      network: "XDC Apothem",
      status: "Rejected",
      jobStatus: "InActive",
      adminNotes: "no",
    });
    expect(response.body.data).toMatchObject({ cost: "0.1", jobChange: false, status: "Rejected" });
  });

  it("refuses a category not on the list and an absent job", async () => {
    const id = await submitJob(t, owner);
    expect((await edit(admin, { _id: id, jobCategoryID: "00000000-0000-4000-8000-000000000000" })).body.errors).toEqual(
      { jobCategoryID: MESSAGES.categoryNotListed },
    );
    expect((await edit(admin, { _id: "00000000-0000-4000-8000-000000000000", status: "Approved" })).status).toBe(404);
  });
});

describe("POST /api/job/delete", () => {
  it("an admin deletes a job; an operator, even the owner, is refused", async () => {
    const id = await submitJob(t, owner);
    expect((await t.call("POST", API.job.delete, { token: owner.token, body: { id } })).status).toBe(403);
    const response = await t.call("POST", API.job.delete, { token: admin, body: { id } });
    expect(response.status).toBe(200);
    expect(response.body.message).toBe("Job Deleted Successfully");
    expect((await t.call("POST", API.job.delete, { token: admin, body: { id } })).status).toBe(404);
  });

  it("deleting a node deletes its jobs", async () => {
    const operator = await operatorWithActiveNode(t);
    await submitJob(t, operator);
    await t.db.updateTable("app.node").set({ status: "Pending" }).where("id", "=", operator.nodeId).execute();
    expect((await t.call("POST", API.node.delete, { token: admin, body: { id: operator.nodeId } })).status).toBe(200);
    expect(await t.db.selectFrom("app.job").select("id").where("node_id", "=", operator.nodeId).execute()).toEqual([]);
  });
});
