import { generatePrivateKey } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/app-fixture.ts";
import { categoryId, jobBody, nodeWithStatus, operatorWithActiveNode } from "../../test/jobs.ts";
import { addressOf } from "../../test/nodes.ts";
import { API, JOB_NETWORKS, MESSAGES, NODE_STATUS, USER_ROLE } from "../public-contract/index.ts";

let t: TestApp;
let owner: Awaited<ReturnType<typeof operatorWithActiveNode>>;
let priceFeed: string;

const submit = (token: string, body: unknown) => t.call("POST", `${API.job.root}/`, { token, body });
/** The field errors of submitting the valid job with `extra` fields. */
const errorsOf = async (extra: Record<string, unknown>) => {
  const response = await submit(owner.token, jobBody(owner.nodeId, priceFeed, extra));
  expect(response.status, JSON.stringify(extra)).toBe(400);
  expect(response.body.error).toBe("Check all the fields");
  return response.body.errors as Record<string, string>;
};

beforeAll(async () => {
  t = await createTestApp();
  owner = await operatorWithActiveNode(t);
  priceFeed = await categoryId(t);
});
afterAll(() => t?.close());

describe("POST /api/job/: submitting", () => {
  it("saves a Pending job with every field, normalised, and answers it with its owner and node", async () => {
    const body = jobBody(owner.nodeId, priceFeed, {
      oracleAddress: ` xdc${addressOf(1, "AA").slice(2)}\n${addressOf(2, "BB").toUpperCase().replace("0X", "0x")} \n`,
      contractAddress: `XDC${addressOf(3, "0d").slice(2)}`,
      cost: "0010.50",
      polltimer: "90",
      deviation: 0.25,
    });
    const response = await submit(owner.token, body);
    expect(response.status).toBe(201);
    expect(response.body.message).toBe("Job Added Successfully");
    expect(response.body.data).toMatchObject({
      name: body.name,
      description: body.description,
      oracleAddress: `${addressOf(1, "aa")}\n${addressOf(2, "bb")}`,
      jobID: body.jobID,
      cost: "10.5",
      jobSource: body.jobSource,
      jobProvider: body.jobProvider,
      jobCategoryID: priceFeed,
      categoryName: "Price Feed",
      indexPair: "PLI/XDC",
      contractAddress: addressOf(3, "0d"),
      network: "XDC Apothem",
      polltimer: 90,
      minimumOracle: 1,
      eacAddress: body.eacAddress,
      accessAddress: body.accessAddress,
      deviation: "0.25",
      nodeSettingID: owner.nodeId,
      status: "Pending",
      jobStatus: null,
      adminNotes: "",
      jobChange: false,
      user: { _id: expect.any(String), name: owner.wallet, email: owner.email, walletAddress: owner.wallet },
      nodesetting: { _id: owner.nodeId, name: expect.any(String), ipaddress: expect.any(String), provider: "AWS" },
    });
  });

  it("takes neither status, review fields nor jobChange from the body", async () => {
    const response = await submit(
      owner.token,
      jobBody(owner.nodeId, priceFeed, {
        status: "Approved",
        jobStatus: "Active",
        adminNotes: "mine",
        jobChange: true,
      }),
    );
    expect(response.status).toBe(201);
    expect(response.body.data).toMatchObject({ status: "Pending", jobStatus: null, adminNotes: "", jobChange: false });
  });

  it("requires name, oracle addresses, job IDs, cost, sources, category and network; the rest is optional", async () => {
    const response = await submit(owner.token, { nodeSettingID: owner.nodeId });
    expect(response.status).toBe(400);
    expect(Object.keys(response.body.errors).sort()).toEqual([
      "cost",
      "jobCategoryID",
      "jobID",
      "jobSource",
      "name",
      "network",
      "oracleAddress",
    ]);
    const optional = [
      "description",
      "jobProvider",
      "indexPair",
      "contractAddress",
      "polltimer",
      "minimumOracle",
      "eacAddress",
      "accessAddress",
      "deviation",
    ];
    const minimal = await submit(
      owner.token,
      jobBody(owner.nodeId, priceFeed, Object.fromEntries(optional.map((field) => [field, undefined]))),
    );
    expect(minimal.status).toBe(201);
    expect(minimal.body.data).toMatchObject({
      description: "",
      jobProvider: "",
      indexPair: "",
      contractAddress: "",
      polltimer: null,
      minimumOracle: null,
      eacAddress: "",
      accessAddress: "",
      deviation: null,
    });
    const blanks = await submit(
      owner.token,
      jobBody(owner.nodeId, priceFeed, {
        ...Object.fromEntries(optional.map((field) => [field, ""])),
        polltimer: null,
      }),
    );
    expect(blanks.status).toBe(201);
    expect(blanks.body.data).toMatchObject({ polltimer: null, minimumOracle: null, deviation: null, eacAddress: "" });
  });

  it("checks each line of the oracle addresses and names the wrong line", async () => {
    expect((await errorsOf({ oracleAddress: `${addressOf(1, "0c")}\n0x1234` })).oracleAddress).toBe(
      "Line 2: not an address (0x… or xdc…)",
    );
    expect((await errorsOf({ oracleAddress: `${addressOf(1, "0c")}\n\n${addressOf(2, "0c")}` })).oracleAddress).toBe(
      "Line 2: empty, one value per line",
    );
    expect(
      (await errorsOf({ oracleAddress: `${addressOf(1, "0c")}\nxdc${addressOf(1, "0c").slice(2)}` })).oracleAddress,
    ).toBe("Line 2: repeats line 1");
    expect((await errorsOf({ oracleAddress: "   " })).oracleAddress).toBe("Oracle address is required");
  });

  it("checks each job ID and each source (http or https URLs) by line", async () => {
    expect((await errorsOf({ jobID: `job-1\n\njob-3` })).jobID).toBe("Line 2: empty, one value per line");
    expect((await errorsOf({ jobID: `job-1\n${"x".repeat(101)}` })).jobID).toBe(
      "Line 2: a job ID has at most 100 characters",
    );
    for (const source of ["ftp://a.example.com", "javascript:alert(1)", "a.example.com", "https://"]) {
      expect((await errorsOf({ jobSource: `https://ok.example.com\n${source}` })).jobSource, source).toBe(
        "Line 2: not an http:// or https:// URL",
      );
    }
    expect((await errorsOf({ jobProvider: "one\n\nthree" })).jobProvider).toBe("Line 2: empty, one value per line");
    expect(
      (await errorsOf({ oracleAddress: Array.from({ length: 51 }, (_, i) => addressOf(i, "0c")).join("\n") }))
        .oracleAddress,
    ).toBe("At most 50 lines, one value per line");
  });

  it("checks the contract, EAC and access addresses (xdc… accepted)", async () => {
    const errors = await errorsOf({
      contractAddress: "0x12",
      eacAddress: "xdcnothex",
      accessAddress: addressOf(1, "0c").slice(0, -1),
    });
    expect(errors).toEqual({
      contractAddress: "Contract address must be an address (0x… or xdc…)",
      eacAddress: "EAC address must be an address (0x… or xdc…)",
      accessAddress: "Access address must be an address (0x… or xdc…)",
    });
  });

  it("takes the network from the spec's options", async () => {
    expect((await errorsOf({ network: "Ethereum Mainnet" })).network).toBe(MESSAGES.networkOption);
    expect((await errorsOf({ network: "xdc apothem" })).network).toBe(MESSAGES.networkOption);
    for (const network of JOB_NETWORKS) {
      expect((await submit(owner.token, jobBody(owner.nodeId, priceFeed, { network }))).body.data.network).toBe(
        network,
      );
    }
  });

  it("keeps cost, poll timer, minimum oracle and deviation in their ranges", async () => {
    expect(await errorsOf({ cost: "0", polltimer: 9, minimumOracle: 0, deviation: "0" })).toEqual({
      cost: "Cost must be greater than 0",
      polltimer: "Poll timer must be from 10 to 86,400",
      minimumOracle: "Minimum oracle must be from 1 to 50",
      deviation: "Deviation must be greater than 0",
    });
    expect(await errorsOf({ cost: "1000001", polltimer: 86_401, minimumOracle: 51, deviation: "100.5" })).toEqual({
      cost: "Cost must be at most 1,000,000",
      polltimer: "Poll timer must be from 10 to 86,400",
      minimumOracle: "Minimum oracle must be from 1 to 50",
      deviation: "Deviation must be at most 100",
    });
    expect(await errorsOf({ cost: "-1", polltimer: 1.5, minimumOracle: "two", deviation: "0.00001" })).toEqual({
      cost: "Cost must be a number",
      polltimer: "Poll timer must be a whole number",
      minimumOracle: "Minimum oracle must be a whole number",
      deviation: "Deviation has at most 4 decimals",
    });
    expect((await errorsOf({ minimumOracle: 3 })).minimumOracle).toBe(
      "Minimum oracle cannot exceed the number of oracle addresses (2)",
    );
  });

  it("refuses a category that is not on the list", async () => {
    const response = await submit(owner.token, jobBody(owner.nodeId, "00000000-0000-4000-8000-000000000000"));
    expect(response.status).toBe(400);
    expect(response.body.errors).toEqual({ jobCategoryID: MESSAGES.categoryNotListed });
    expect((await errorsOf({ jobCategoryID: "" })).jobCategoryID).toBe("Choose a category");
  });
});

describe("POST /api/job/: who and on which node", () => {
  it("only an operator whose role is Validator: a Standby operator gets 403 with the spec's message", async () => {
    const key = generatePrivateKey();
    await t.addValidator(key, USER_ROLE.standby);
    const token = await t.operatorToken(key);
    const nodeId = await nodeWithStatus(t, token);
    const response = await submit(token, jobBody(nodeId, priceFeed));
    expect(response.status).toBe(403);
    expect(response.body.error).toBe("Only Validator Nodes are allowed to submit the jobs");
    const invalid = await submit(token, jobBody(nodeId, priceFeed, { cost: "0" }));
    expect(invalid.status).toBe(400);
  });

  it("an operator without a role is refused the same way", async () => {
    const other = await operatorWithActiveNode(t);
    await t.db.updateTable("app.operator").set({ user_role: "" }).where("wallet_address", "=", other.wallet).execute();
    const response = await submit(other.token, jobBody(other.nodeId, priceFeed));
    expect(response.status).toBe(403);
    expect(response.body.error).toBe("Only Validator Nodes are allowed to submit the jobs");
  });

  it("only on the operator's own node: another operator's node answers 404, as an absent one", async () => {
    const other = await operatorWithActiveNode(t);
    for (const nodeId of [other.nodeId, "00000000-0000-4000-8000-000000000000"]) {
      const response = await submit(owner.token, jobBody(nodeId, priceFeed));
      expect(response.status).toBe(404);
      expect(response.body.error).toBe(MESSAGES.jobNodeNotFound);
    }
    expect(await t.db.selectFrom("app.job").select("id").where("node_id", "=", other.nodeId).execute()).toEqual([]);
  });

  it("only on an Active node", async () => {
    for (const status of [
      NODE_STATUS.pending,
      NODE_STATUS.verified,
      NODE_STATUS.return,
      NODE_STATUS.approved,
      NODE_STATUS.deActive,
    ]) {
      const operator = await operatorWithActiveNode(t);
      await t.db.updateTable("app.node").set({ status }).where("id", "=", operator.nodeId).execute();
      const response = await submit(operator.token, jobBody(operator.nodeId, priceFeed));
      expect(response.status, status).toBe(409);
      expect(response.body.error).toBe(MESSAGES.nodeNotActive);
    }
  });
});
