import { createServer, type Server } from "node:http";
import type { Address } from "viem";
import { expect } from "vitest";
import type { startChainApp } from "./chain-app.ts";
import { DEV_KEYS } from "../../scripts/lib/dev-accounts.ts";
import { pli } from "../../test/chain.ts";
import { newOperator, nodeBody } from "./nodes.ts";
import { API, NODE_STATUS } from "../src/public-contract/index.ts";

type ChainApp = Awaited<ReturnType<typeof startChainApp>>;

/** Seconds since the epoch of an ISO time (UTC). */
export const seconds = (iso: string) => BigInt(Date.parse(iso.endsWith("Z") ? iso : `${iso}Z`) / 1000);

/** The next block (the next transaction's, on anvil) is stamped `iso`: simulated months on a real chain. */
export const atChainTime = (app: ChainApp, iso: string) =>
  app.chain.testClient.setNextBlockTimestamp({ timestamp: seconds(iso) });

/** The chain's clock moved to `iso` by an empty block, indexed: a simulated month has ended on the chain. */
export async function chainPast(app: ChainApp, iso: string) {
  await atChainTime(app, iso);
  await app.chain.testClient.mine({ blocks: 1 });
  await app.synced();
}

/** An admin and two operators (the dev validator and standby wallets), each holding 1,000,000 PLI to stake. */
export async function adminAndTwoOperators(app: ChainApp) {
  const admin = await app.t.adminToken(await app.t.addAdmin());
  const a = await newOperator(app.t, DEV_KEYS.validator);
  const b = await newOperator(app.t, DEV_KEYS.standby);
  await app.chain.fund("validator", pli(1_000_000));
  await app.chain.fund("standby", pli(1_000_000));
  return { admin, a, b };
}

/** A node of an operator registered through the API, whitelisted on the staking contract and Approved. */
export async function approvedNode(
  app: ChainApp,
  admin: string,
  owner: { token: string; address: Address },
  n: number,
  extra: Record<string, unknown> = {},
) {
  const { t, chain, synced } = app;
  const body = nodeBody(n, extra);
  const response = await t.call("POST", API.node.root, { token: owner.token, body });
  expect(response.status).toBe(201);
  const node = body.nodeAddress as Address;
  await chain.mined(chain.as("owner").staking.write.whiteListIt([owner.address, node]));
  await synced();
  expect(
    (
      await t.call("POST", API.node.edit, {
        token: admin,
        body: { _id: response.body.data._id, status: NODE_STATUS.approved },
      })
    ).status,
  ).toBe(200);
  return { id: response.body.data._id as string, node, nodeKey: node.toLowerCase() };
}

/** An HTTP server on a loopback address that answers the node monitor while `up()` says so. */
export async function nodeStandIn(host: string, port: number, up: () => boolean): Promise<Server> {
  const server = createServer((_req, res) => {
    if (up()) res.end("ok");
    else res.destroy();
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => resolve());
  });
  return server;
}

export async function closeServer(server: Server) {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
}
