import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chainTablesSql } from "../../../test/chain-tables.ts";
import { createTestAppWithSmtp, type TestAppWithSmtp } from "../../test/app-fixture.ts";
import { newOperator, nodeBody } from "../../test/nodes.ts";
import { API, MESSAGES, NODE_STATUS, STAKE_STATUS, type NodeStatus } from "../public-contract/index.ts";
import { matchesSearch } from "./list.ts";

let t: TestAppWithSmtp;
let admin: string;
let n = 0;
type Operator = Awaited<ReturnType<typeof newOperator>>;

const add = async (who: Operator, extra: Record<string, unknown> = {}) => {
  const response = await t.call("POST", API.node.root, { token: who.token, body: nodeBody(++n, extra) });
  expect(response.status).toBe(201);
  return response.body.data._id as string;
};
/** The node's owner wallet and node address, as stored. */
const addressesOf = (id: string) =>
  t.db.selectFrom("app.node").select(["wallet_address", "node_address"]).where("id", "=", id).executeTakeFirstOrThrow();
const setStatus = (id: string, status: NodeStatus) =>
  t.db.updateTable("app.node").set({ status }).where("id", "=", id).execute();
const review = (id: string, status: string, adminNotes?: string) =>
  t.call("POST", API.node.edit, { token: admin, body: { _id: id, status, adminNotes } });
const byId = (token: string, id: string) => t.call("GET", `${API.node.byId}?nodeId=${id}`, { token });
const toggle = (token: string, id: string, status: string) =>
  t.call("POST", API.node.deactivate, { token, body: { _id: id, status } });

/** The indexer's tables (test_indexer) and their chain.* views, made once for the file's tests that need a stake. */
let chainTables: Promise<unknown> | undefined;
const withChainTables = () =>
  (chainTables ??= t.indexerDb.transaction().execute((tx) => sql.raw(chainTablesSql("test_indexer")).execute(tx)));
/** A stake position in `status` on the node, as the indexer would have it. */
const stakeOn = async (id: string, status: string, n: number) => {
  await withChainTables();
  const node = await addressesOf(id);
  await sql`INSERT INTO test_indexer.stake_position (wallet, node, status, total_staked, first_staked_at, last_staked_at, last_stake_tx, unlocked_at, updated_block)
    VALUES (${node.wallet_address}, ${node.node_address}, ${status}, 100, now(), now(), ${`0x${n.toString(16).padStart(64, "0")}`}, NULL, ${n})`.execute(
    t.indexerDb,
  );
};

beforeAll(async () => {
  t = await createTestAppWithSmtp();
  admin = await t.adminToken(await t.addAdmin());
});
afterAll(() => t?.close());

describe("admin review", () => {
  it("sets Pending, Verified and Return in any order; notes are kept only with Return and shown to the owner only then", async () => {
    const owner = await newOperator(t);
    const id = await add(owner);
    for (const status of [NODE_STATUS.verified, NODE_STATUS.pending, NODE_STATUS.verified]) {
      const response = await review(id, status, "ignored");
      expect(response.body).toMatchObject({
        message: "Node Status Updated Successfully",
        data: { status, adminNotes: "" },
      });
    }
    expect((await review(id, NODE_STATUS.return, "Use a public IP")).body.data).toMatchObject({
      status: NODE_STATUS.return,
      adminNotes: "Use a public IP",
    });
    expect((await byId(owner.token, id)).body).toMatchObject({
      status: NODE_STATUS.return,
      adminNotes: "Use a public IP",
    });
    expect((await review(id, "Active")).body.errors.status).toBeTruthy();
    expect((await t.call("POST", API.node.edit, { token: admin, body: { _id: id } })).body.errors.status).toBeTruthy();
  });

  it("refuses a review while the chain holds a stake on the node (Stake or Unlock): its status stays", async () => {
    const owner = await newOperator(t);
    const id = await add(owner);
    await stakeOn(id, STAKE_STATUS.unlock, 0xa2);
    await setStatus(id, NODE_STATUS.approved);
    for (const status of [NODE_STATUS.pending, NODE_STATUS.return, NODE_STATUS.verified]) {
      expect(await review(id, status, "notes")).toMatchObject({
        status: 409,
        body: { error: MESSAGES.reviewWhileStaked },
      });
    }
    expect((await byId(admin, id)).body.status).toBe(NODE_STATUS.approved);
  });

  it("refuses a review made from a status the node no longer has (two admins at once): the first one stands", async () => {
    const owner = await newOperator(t);
    const id = await add(owner);
    const reviewFrom = (status: string, fromStatus: string, adminNotes?: string) =>
      t.call("POST", API.node.edit, { token: admin, body: { _id: id, status, adminNotes, fromStatus } });
    expect((await reviewFrom(NODE_STATUS.return, NODE_STATUS.pending, "Fix the IP")).status).toBe(200);
    expect(await reviewFrom(NODE_STATUS.verified, NODE_STATUS.pending)).toMatchObject({
      status: 409,
      body: {
        error:
          "This node's status changed since you opened it (another admin or the operator): reload it and review it again",
      },
    });
    expect((await byId(owner.token, id)).body).toMatchObject({ status: NODE_STATUS.return, adminNotes: "Fix the IP" });
    expect((await reviewFrom(NODE_STATUS.verified, "Opened")).body.errors.fromStatus).toBeTruthy();
    expect((await reviewFrom(NODE_STATUS.verified, NODE_STATUS.return)).status).toBe(200);
  });

  it("refuses Approved until the chain shows the whitelist", async () => {
    const id = await add(await newOperator(t));
    const response = await review(id, NODE_STATUS.approved);
    expect(response.status).toBe(409);
    expect(response.body.error).toBe(MESSAGES.notWhitelisted);
    expect((await byId(admin, id)).body.status).toBe(NODE_STATUS.pending);
  });

  it("never changes an Active or De-Active node by review", async () => {
    const id = await add(await newOperator(t));
    for (const status of [NODE_STATUS.active, NODE_STATUS.deActive]) {
      await setStatus(id, status);
      const response = await review(id, NODE_STATUS.pending);
      expect(response).toMatchObject({ status: 409, body: { error: MESSAGES.reviewLocked } });
    }
  });

  it("records each change in the history an admin sees (who, when, from, to, notes); operators do not get it", async () => {
    const owner = await newOperator(t);
    const id = await add(owner);
    await review(id, NODE_STATUS.return, "Fix the OS");
    const detail = (await byId(admin, id)).body;
    expect(
      detail.history.map((h: { fromStatus: string | null; toStatus: string; actorType: string; notes: string }) => [
        h.actorType,
        h.fromStatus,
        h.toStatus,
        h.notes,
      ]),
    ).toEqual([
      ["admin", NODE_STATUS.pending, NODE_STATUS.return, "Fix the OS"],
      ["user", null, NODE_STATUS.pending, ""],
    ]);
    expect(detail.history[0].date).toMatch(/^\d{4}-/);
    expect((await byId(owner.token, id)).body.history).toBeUndefined();
  });
});

describe("operator edit", () => {
  it("edits only a Return node, only its editable fields, and sends it back to Pending", async () => {
    const owner = await newOperator(t);
    const id = await add(owner);
    const edit = (body: Record<string, unknown>) =>
      t.call("POST", API.node.edit, { token: owner.token, body: { _id: id, ...body } });
    const changes = {
      ...nodeBody(++n, { name: "Renamed", provider: "Others", otherProvider: "Hetzner" }),
      os: "Changed OS",
      ram: 99,
    };
    expect(await edit(changes)).toMatchObject({ status: 409, body: { error: MESSAGES.resubmitOnlyReturn } });
    await review(id, NODE_STATUS.return, "Rename it");
    expect((await edit({ ...changes, status: "Approved" })).body.errors.status).toBeTruthy();
    expect((await edit({ ...changes, name: "" })).body.errors).toEqual({ name: "Name is required" });
    expect(Object.keys((await edit({ name: "Only a name" })).body.errors).sort()).toEqual([
      "ipaddress",
      "nodeAddress",
      "oracleAddress",
      "provider",
    ]);
    const saved = await edit({ ...changes, status: "Pending" });
    expect(saved.body).toMatchObject({
      message: "Node Edited Successfully",
      data: {
        status: NODE_STATUS.pending,
        name: "Renamed",
        providerName: "Hetzner",
        ipaddress: changes.ipaddress,
        nodeAddress: changes.nodeAddress,
        os: "Ubuntu 22.04",
        ram: 32,
        adminNotes: "",
      },
    });
    expect(await edit(changes)).toMatchObject({ status: 409, body: { error: MESSAGES.resubmitOnlyReturn } });
  });

  it("refuses an IP or node address another node holds, but keeps its own", async () => {
    const owner = await newOperator(t);
    const other = await newOperator(t);
    const id = await add(owner);
    const own = nodeBody(n);
    const theirs = nodeBody(n + 1);
    await add(other);
    await review(id, NODE_STATUS.return, "check");
    const edit = (body: Record<string, unknown>) =>
      t.call("POST", API.node.edit, { token: owner.token, body: { _id: id, ...own, ...body } });
    expect((await edit({ ipaddress: theirs.ipaddress })).body.errors).toEqual({ ipaddress: MESSAGES.ipAddressTaken });
    expect((await edit({ nodeAddress: theirs.nodeAddress })).body.errors).toEqual({
      nodeAddress: MESSAGES.nodeAddressTaken,
    });
    expect((await edit({ name: "Same addresses" })).status).toBe(200);
  });
});

describe("Make De-Active / Make Active", () => {
  it("De-Activates an Active node (owner or admin); refuses other statuses; Active again needs a stake in Stake", async () => {
    const owner = await newOperator(t);
    const id = await add(owner);
    expect(await toggle(owner.token, id, NODE_STATUS.deActive)).toMatchObject({
      status: 409,
      body: { error: MESSAGES.deactivateOnlyActive },
    });
    await setStatus(id, NODE_STATUS.active);
    const off = await toggle(owner.token, id, NODE_STATUS.deActive);
    expect(off.body).toMatchObject({
      message: "Node Deactivated Successfully",
      data: { status: NODE_STATUS.deActive, nodeEnable: false },
    });
    expect(await toggle(owner.token, id, NODE_STATUS.active)).toMatchObject({
      status: 409,
      body: { error: MESSAGES.activateNeedsStake },
    });
    expect(await toggle(admin, id, NODE_STATUS.active)).toMatchObject({
      status: 409,
      body: { error: MESSAGES.activateNeedsStake },
    });
    await setStatus(id, NODE_STATUS.active);
    expect((await toggle(admin, id, NODE_STATUS.deActive)).status).toBe(200);
    expect((await toggle(admin, id, "Pending")).body.errors.status).toBeTruthy();
  });

  it("an operator cannot make Active again a node an admin De-Activated; the admin can, and the operator undoes their own", async () => {
    const owner = await newOperator(t);
    const id = await add(owner);
    await stakeOn(id, STAKE_STATUS.stake, 0xa1);
    await setStatus(id, NODE_STATUS.active);
    expect((await toggle(admin, id, NODE_STATUS.deActive)).status).toBe(200);
    expect((await byId(owner.token, id)).body).toMatchObject({ status: NODE_STATUS.deActive, deActivatedBy: "admin" });
    expect(await toggle(owner.token, id, NODE_STATUS.active)).toMatchObject({
      status: 409,
      body: { error: MESSAGES.activateAfterAdmin },
    });
    expect((await byId(owner.token, id)).body.status).toBe(NODE_STATUS.deActive);
    expect((await toggle(admin, id, NODE_STATUS.active)).body.data).toMatchObject({
      status: NODE_STATUS.active,
      deActivatedBy: null,
    });
    expect((await toggle(owner.token, id, NODE_STATUS.deActive)).body.data).toMatchObject({ deActivatedBy: "user" });
    expect((await toggle(owner.token, id, NODE_STATUS.active)).body.data.status).toBe(NODE_STATUS.active);
  });
});

describe("delete", () => {
  it("an admin deletes a node without a stake; its history stays", async () => {
    const id = await add(await newOperator(t));
    const response = await t.call("POST", API.node.delete, { token: admin, body: { id } });
    expect(response.body).toEqual({ message: "Node Deleted Successfully" });
    expect((await byId(admin, id)).status).toBe(404);
    const history = await t.db
      .selectFrom("app.node_status_history")
      .select(["from_status", "to_status"])
      .where("node_id", "=", id)
      .orderBy("created_at")
      .execute();
    expect(history).toEqual([
      { from_status: null, to_status: NODE_STATUS.pending },
      { from_status: NODE_STATUS.pending, to_status: "Deleted" },
    ]);
    expect((await t.call("POST", API.node.delete, { token: admin, body: { id } })).status).toBe(404);
  });
});

describe("delete after a stake", () => {
  it("waits for the incentive accrual of the month the stake ended in: that month's inactive days go with the node", async () => {
    const owner = await newOperator(t);
    const id = await add(owner);
    const node = await addressesOf(id);
    await withChainTables();
    const event = (kind: string, at: string, total: string, n: number) =>
      sql`INSERT INTO test_indexer.stake_event (id, kind, wallet, node, amount, total_after, tx_hash, block_number, block_time, log_index)
        VALUES (${`e${n}`}, ${kind}, ${node.wallet_address}, ${node.node_address}, 100, ${total}, ${`0x${n.toString(16).padStart(64, "0")}`}, ${n}, ${new Date(at)}, 0)`.execute(
        t.indexerDb,
      );
    await event("stake", "2026-09-20T10:00:00Z", "100", 1);
    await event("unlock", "2026-10-31T23:59:58Z", "100", 2);
    await event("unstake", "2026-10-31T23:59:59Z", "0", 3);
    await sql`INSERT INTO test_indexer.stake_position (wallet, node, status, total_staked, first_staked_at, last_staked_at, last_stake_tx, unlocked_at, updated_block)
      VALUES (${node.wallet_address}, ${node.node_address}, ${STAKE_STATUS.withdraw}, 0, ${new Date("2026-09-20T10:00:00Z")}, ${new Date("2026-09-20T10:00:00Z")}, ${`0x${"1".repeat(64)}`}, ${new Date("2026-10-31T23:59:58Z")}, 3)`.execute(
      t.indexerDb,
    );
    await t.db.insertInto("app.node_inactive_date").values({ node_id: id, day: "2026-10-30" }).execute();
    const accrued = (month: string) =>
      t.db.insertInto("app.incentive_accrual_month").values({ month, positions: 1, inserted: 1 }).execute();
    const remove = () => t.call("POST", API.node.delete, { token: admin, body: { id } });

    await accrued("2026-09-01");
    expect(await remove()).toMatchObject({ status: 409, body: { error: MESSAGES.deleteBeforeAccrual } });
    expect((await byId(admin, id)).status).toBe(200);
    await accrued("2026-10-01");
    expect((await remove()).body).toEqual({ message: "Node Deleted Successfully" });
  });

  it("keeps a Return node's address while its stake is Stake or Unlock on it; its other fields still change", async () => {
    const owner = await newOperator(t);
    const id = await add(owner);
    const node = await addressesOf(id);
    await sql`INSERT INTO test_indexer.stake_position (wallet, node, status, total_staked, first_staked_at, last_staked_at, last_stake_tx, unlocked_at, updated_block)
      VALUES (${node.wallet_address}, ${node.node_address}, ${STAKE_STATUS.stake}, 100, ${new Date("2026-11-02T10:00:00Z")}, ${new Date("2026-11-02T10:00:00Z")}, ${`0x${"2".repeat(64)}`}, NULL, 4)`.execute(
      t.indexerDb,
    );
    await setStatus(id, NODE_STATUS.return);
    const edit = (body: Record<string, unknown>) =>
      t.call("POST", API.node.edit, { token: owner.token, body: { _id: id, status: "Pending", ...body } });
    const fields = nodeBody(++n, { name: "Clearer name" });
    const moved = await edit(fields);
    expect(moved.status).toBe(409);
    expect(moved.body.errors).toEqual({
      nodeAddress:
        "The node address cannot change while its stake is Stake or Unlock: the stake stays on the old address. Unlock and withdraw it first",
    });
    const kept = await edit({ ...fields, nodeAddress: `xdc${node.node_address.slice(2).toUpperCase()}` });
    expect(kept.status).toBe(200);
    expect(kept.body.data).toMatchObject({ name: "Clearer name", nodeAddress: node.node_address });
  });
});

describe("ownership and roles", () => {
  it("operator A never sees, edits, toggles, deletes or reads the samples of B's node; an admin reaches it", async () => {
    const a = await newOperator(t);
    const b = await newOperator(t);
    const id = await add(b);
    await review(id, NODE_STATUS.return, "so that the edit is possible");
    expect((await t.call("GET", API.node.root, { token: a.token })).body.totalDocs).toBe(0);
    expect((await byId(a.token, id)).status).toBe(404);
    expect((await t.call("POST", API.node.edit, { token: a.token, body: { _id: id, ...nodeBody(++n) } })).status).toBe(
      404,
    );
    await setStatus(id, NODE_STATUS.active);
    expect((await toggle(a.token, id, NODE_STATUS.deActive)).status).toBe(404);
    expect((await t.call("POST", API.node.reputation, { token: a.token, body: { nodeSettingID: id } })).status).toBe(
      404,
    );
    expect((await t.call("POST", API.node.inactiveDates, { token: a.token, body: { nodeSettingID: id } })).status).toBe(
      404,
    );
    expect((await t.call("POST", API.node.delete, { token: a.token, body: { id } })).status).toBe(403);
    expect((await t.call("POST", API.node.delete, { token: b.token, body: { id } })).status).toBe(403);
    expect((await byId(b.token, id)).body.status).toBe(NODE_STATUS.active);
    expect((await byId(admin, id)).status).toBe(200);
  });

  it("admin-only routes refuse operators; adding a node is for operators only", async () => {
    const { token } = await newOperator(t);
    expect((await t.call("POST", API.node.filterList, { token, body: { status: "All" } })).status).toBe(403);
    expect((await t.call("GET", API.invite.root, { token })).status).toBe(403);
    expect((await t.call("POST", API.invite.root, { token, body: { email: "x@example.com" } })).status).toBe(403);
    expect((await t.call("POST", API.node.root, { token: admin, body: nodeBody(++n) })).status).toBe(403);
    expect((await t.call("GET", API.node.root)).status).toBe(401);
  });
});

describe("lists", () => {
  it("admin tabs count every status and All for the search; GET searches the owner's email and the spec 3 fields", async () => {
    const owner = await newOperator(t);
    const first = await add(owner, { os: "Debian 12 bookworm", ram: 48 });
    await add(owner, { provider: "Contabo" });
    await review(first, NODE_STATUS.verified);
    const tab = await t.call("POST", `${API.node.filterList}?q=${encodeURIComponent(owner.email)}&limit=1`, {
      token: admin,
      body: { status: NODE_STATUS.verified },
    });
    expect(tab.body).toMatchObject({
      totalDocs: 1,
      counts: { Pending: 1, Verified: 1, Return: 0, Approved: 0, Active: 0, "De-Active": 0, All: 2 },
    });
    expect(tab.body.docs[0]).toMatchObject({ _id: first, user: { email: owner.email } });
    const all = await t.call("POST", `${API.node.filterList}?q=${encodeURIComponent(owner.email)}`, {
      token: admin,
      body: { status: "All" },
    });
    expect(all.body.totalDocs).toBe(2);
    const search = (q: string, token = admin) =>
      t.call("GET", `${API.node.root}?q=${encodeURIComponent(q)}`, { token }).then((r) => r.body.totalDocs);
    expect(await search("bookworm")).toBe(1);
    expect(await search("contabo", owner.token)).toBe(1);
    expect(await search("48")).toBeGreaterThanOrEqual(1);
    expect(await search(owner.email.toUpperCase())).toBe(2);
    expect(await search("%")).toBe(0);
    const v6 = await add(await newOperator(t), { ipaddress: "2001:DB8:0:0:0:0:0:4A" });
    expect((await byId(admin, v6)).body.ipaddress).toBe("2001:db8::4a");
    const { oracleAddress } = (await byId(admin, v6)).body;
    for (const q of ["2001:0db8:0000:0000::004a", "2001:DB8::4A", `xdc${oracleAddress.slice(2).toUpperCase()}`])
      expect(await search(q), q).toBe(1);
    expect(
      (await t.call("POST", API.node.filterList, { token: admin, body: { status: "Deleted" } })).body.errors.status,
    ).toBeTruthy();
  });

  it("unsearched tab counts and totals (kept by triggers) equal a count of the nodes through adds, reviews, bulk and concurrent moves and deletes", async () => {
    const counted = async () => {
      const rows = await t.db
        .selectFrom("app.node")
        .select((eb) => ["status", eb.fn.countAll<string>().as("n")])
        .groupBy("status")
        .execute();
      const expected: Record<string, number> = {
        Pending: 0,
        Verified: 0,
        Return: 0,
        Approved: 0,
        Active: 0,
        "De-Active": 0,
      };
      for (const row of rows) expected[row.status] = Number(row.n);
      expected.All = rows.reduce((sum, row) => sum + Number(row.n), 0);
      const tab = await t.call("POST", API.node.filterList, { token: admin, body: { status: NODE_STATUS.pending } });
      expect(tab.body.counts).toEqual(expected);
      expect(tab.body.totalDocs).toBe(expected.Pending);
      expect((await t.call("GET", API.node.root, { token: admin })).body.totalDocs).toBe(expected.All);
    };
    const ids = [await add(await newOperator(t)), await add(await newOperator(t)), await add(await newOperator(t))];
    await counted();
    await review(ids[0]!, NODE_STATUS.verified);
    await t.db.updateTable("app.node").set({ status: NODE_STATUS.approved }).where("id", "in", ids.slice(1)).execute();
    await counted();
    await Promise.all([
      setStatus(ids[0]!, NODE_STATUS.return),
      setStatus(ids[1]!, NODE_STATUS.verified),
      setStatus(ids[2]!, NODE_STATUS.return),
    ]);
    await counted();
    expect((await t.call("POST", API.node.delete, { token: admin, body: { id: ids[2] } })).status).toBe(200);
    await counted();
  });

  it("searches field by field (no match across two fields), by one trigram index scan, following the node's fields and its owner's email", async () => {
    const owner = await newOperator(t);
    const id = await add(owner, { os: "Alpine", security: "edge-patch" });
    const search = (q: string) =>
      t.call("GET", `${API.node.root}?q=${encodeURIComponent(q)}`, { token: admin }).then((r) => r.body.totalDocs);
    expect(await search("alpine")).toBe(1);
    expect(await search("Alpine32")).toBe(0);
    await t.db
      .updateTable("app.node")
      .set({ os: "Gentoo", status: NODE_STATUS.verified })
      .where("id", "=", id)
      .execute();
    expect(await search("alpine")).toBe(0);
    expect(await search("GENTOO")).toBe(1);
    expect(await search(owner.email)).toBe(1);
    const moved = `moved-${n}@example.org`;
    await t.db.updateTable("app.operator").set({ email: moved }).where("wallet_address", "=", owner.wallet).execute();
    expect(await search(owner.email)).toBe(0);
    expect(await search(moved.toUpperCase())).toBe(1);
    const plan = await t.db.transaction().execute(async (tx) => {
      await sql`SET LOCAL enable_seqscan = off`.execute(tx);
      const { rows } = await sql<{
        "QUERY PLAN": string;
      }>`EXPLAIN SELECT id FROM app.node AS n WHERE ${matchesSearch("gentoo")}`.execute(tx);
      return rows.map((row) => row["QUERY PLAN"]).join("\n");
    });
    expect(plan).toContain("node_search_text_idx");
  });

  it("flags nodes whose owner's email is invited (bounty); admins add, list and remove invites", async () => {
    const owner = await newOperator(t);
    const id = await add(owner);
    const added = await t.call("POST", API.invite.root, { token: admin, body: { email: owner.email.toUpperCase() } });
    expect(added).toMatchObject({ status: 201, body: { message: MESSAGES.inviteAdded, data: { email: owner.email } } });
    expect((await t.call("POST", API.invite.root, { token: admin, body: { email: owner.email } })).body.errors).toEqual(
      { email: MESSAGES.inviteExists },
    );
    expect(
      (await t.call("POST", API.invite.root, { token: admin, body: { email: "not an email" } })).body.errors.email,
    ).toBeTruthy();
    expect((await byId(owner.token, id)).body.bounty).toBe(true);
    const list = await t.call("GET", `${API.invite.root}?q=${encodeURIComponent(owner.email)}`, { token: admin });
    expect(list.body.docs.map((d: { email: string }) => d.email)).toEqual([owner.email]);
    expect(
      (await t.call("POST", API.invite.delete, { token: admin, body: { id: added.body.data._id } })).body.message,
    ).toBe(MESSAGES.inviteRemoved);
    expect((await byId(owner.token, id)).body.bounty).toBe(false);
  });

  it("serves the last 30 days of reputation values and inactive dates; the score only where spec 4 shows it", async () => {
    const owner = await newOperator(t);
    const id = await add(owner);
    const day = (ago: number) => new Date(Date.now() - ago * 86_400_000).toISOString().slice(0, 10);
    await t.db
      .insertInto("app.node_reputation")
      .values([0, 1, 29, 30].map((ago) => ({ node_id: id, day: day(ago), value: ago === 0 ? 0.25 : 1 })))
      .execute();
    await t.db
      .insertInto("app.node_inactive_date")
      .values([0, 29, 30].map((ago) => ({ node_id: id, day: day(ago) })))
      .execute();
    const reputation = await t.call("POST", API.node.reputation, { token: owner.token, body: { nodeSettingID: id } });
    expect(reputation.body).toEqual({
      reputationValue: [29, 1, 0].map((ago) => ({ date: day(ago), value: ago === 0 ? 0.25 : 1 })),
      score: null,
      viewable: false,
    });
    const inactive = await t.call("POST", API.node.inactiveDates, { token: admin, body: { nodeSettingID: id } });
    expect(inactive.body.inactiveDates.map((d: { date: string }) => d.date)).toEqual([day(0), day(29)]);
    expect(inactive.body.inactiveDates[0].insertedDate).toMatch(/T/);
    expect((await byId(owner.token, id)).body.reputationScore).toBeNull();
  });
});
