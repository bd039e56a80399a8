import { randomInt } from "node:crypto";
import type { Hex } from "viem";
import { generatePrivateKey } from "viem/accounts";
import { API, NODE_STATUS, type NodeStatus } from "../src/public-contract/index.ts";
import type { TestApp } from "./app-fixture.ts";
import { addressOf, newOperator, nodeBody } from "./nodes.ts";

/** A valid job body for `nodeSettingID`: two oracles with their job IDs, a price feed's optional fields filled. */
export const jobBody = (nodeSettingID: string, jobCategoryID: string, extra: Record<string, unknown> = {}) => ({
  nodeSettingID,
  jobCategoryID,
  name: "PLI/XDC price",
  description: "Price of PLI in XDC",
  oracleAddress: `${addressOf(1, "0c")}\n${addressOf(2, "0c")}`,
  jobID: "a1b2c3d4e5f60718293a4b5c6d7e8f90\n0f9e8d7c6b5a49382716f5e4d3c2b1a0",
  cost: "0.1",
  jobSource: "https://api.example.com/pli-xdc\nhttps://feed.example.org/price?pair=PLI-XDC",
  jobProvider: "Example API\nExample Feed",
  indexPair: "PLI/XDC",
  contractAddress: addressOf(3, "0d"),
  network: "XDC Apothem",
  polltimer: 60,
  minimumOracle: 1,
  eacAddress: addressOf(4, "0e"),
  accessAddress: addressOf(5, "0f"),
  deviation: "0.5",
  ...extra,
});

/** The id of a seeded job category. */
export async function categoryId(t: TestApp, name = "Price Feed") {
  const row = await t.db
    .selectFrom("app.job_category")
    .select("id")
    .where("category_name", "=", name)
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * A node of the operator, registered through the API and then set to `status` in the database: a
 * stand-in for the whitelist and the stake on the chain, which node/node.chain.test.ts covers.
 */
export async function nodeWithStatus(t: TestApp, token: string, status: NodeStatus = NODE_STATUS.active) {
  const response = await t.call("POST", API.node.root, { token, body: nodeBody(randomInt(1, 16_000_000)) });
  if (response.status !== 201) throw new Error(`adding a node failed: ${JSON.stringify(response.body)}`);
  const id: string = response.body.data._id;
  await t.db.updateTable("app.node").set({ status }).where("id", "=", id).execute();
  return id;
}

/** A new Validator operator with a full session and one Active node. */
export async function operatorWithActiveNode(t: TestApp, key: Hex = generatePrivateKey()) {
  const operator = await newOperator(t, key);
  return { ...operator, nodeId: await nodeWithStatus(t, operator.token) };
}

/** Submits a valid job (with `extra` fields) and answers its id. */
export async function submitJob(
  t: TestApp,
  owner: { token: string; nodeId: string },
  extra: Record<string, unknown> = {},
) {
  const response = await t.call("POST", `${API.job.root}/`, {
    token: owner.token,
    body: jobBody(owner.nodeId, await categoryId(t), extra),
  });
  if (response.status !== 201) throw new Error(`submitting a job failed: ${JSON.stringify(response.body)}`);
  return response.body.data._id as string;
}
