import { randomInt } from "node:crypto";
import type { BrowserContext, Page, Route } from "playwright-core";
import type { Hex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { API, NODE_STATUS } from "@pli/api/public-contract";
import { createDb } from "@pli/api/db/database";
import { callApi as callSharedApi } from "../../test/sessions.ts";
import type { SharedStack } from "./stack.ts";
import { TestWallet } from "./wallet.ts";

/** One call to the stack's API as `token`; a POST when there is a body. Throws on a non-2xx answer. */
export const callApi = <T>(stack: SharedStack, pathname: string, token: string, body?: unknown): Promise<T> =>
  callSharedApi<T>(stack.urls.api, pathname, { token, body });

/** An address no one has registered: for oracle and node addresses. */
export const randomAddress = () =>
  privateKeyToAccount(`0x${Buffer.from(Array.from({ length: 32 }, () => randomInt(1, 256))).toString("hex")}` as Hex)
    .address;

/**
 * A loopback address of its own for each node, so a local server can stand in for it (127.0.0.0/8 is all loopback).
 * Every part has three digits: screens are checked with the longest address an operator can have.
 */
export const loopbackIp = () => `127.${randomInt(100, 256)}.${randomInt(100, 256)}.${randomInt(100, 255)}`;

/** A node of the operator registered through the API (Pending), with plausible details: its id and name. */
export async function registeredNode(
  stack: SharedStack,
  token: string,
  {
    name = `Oracle node ${randomInt(1e6)}`,
    nodeAddress = randomAddress(),
  }: { name?: string; nodeAddress?: string } = {},
): Promise<{ _id: string; name: string }> {
  const { data } = await callApi<{ data: { _id: string; name: string } }>(stack, API.node.root, token, {
    name,
    provider: "AWS",
    ipaddress: loopbackIp(),
    os: "Ubuntu 24.04",
    ram: 32,
    storage: 500,
    security: "6.8.0-45",
    oracleAddress: randomAddress(),
    nodeAddress,
  });
  return data;
}

/**
 * A node of the operator registered through the API and set Active in the stack's database: a stand-in
 * for the whitelist and the stake on the chain, which nodes.browser.test.ts drives through the screens.
 */
export async function activeNode(stack: SharedStack, token: string, name?: string): Promise<string> {
  const data = await registeredNode(stack, token, { name });
  const db = createDb(stack.databaseUrl, 1);
  try {
    await db.updateTable("app.node").set({ status: NODE_STATUS.active }).where("id", "=", data._id).execute();
  } finally {
    await db.destroy();
  }
  return data._id;
}

/** A new page of `context` with the test wallet of `key` installed. */
export async function pageWithWallet(context: BrowserContext, stack: SharedStack, key: Hex): Promise<Page> {
  const page = await context.newPage();
  await new TestWallet({ privateKey: key, rpcUrl: stack.urls.rpc }).install(page);
  return page;
}

/**
 * Holds back the page's answers to `method` requests for `pathname` by `ms` (the request itself reaches the API at
 * once), as
 * on a slow network: live updates caused by the change then reach the page before the answer does.
 * Returns a function that stops holding them back, once the answers held back so far are given: removed while one is
 * held, the route would be handled by Playwright before the held answer comes ('Route is already handled').
 */
export async function slowAnswers(
  page: Page,
  pathname: string,
  ms: number,
  method = "POST",
): Promise<() => Promise<void>> {
  const matches = (url: URL) => url.pathname === pathname;
  const held = new Set<Promise<void>>();
  const handler = async (route: Route) => {
    if (route.request().method() !== method) return route.fallback();
    const answered = (async () => {
      const response = await route.fetch();
      await new Promise((resolve) => setTimeout(resolve, ms));
      await route.fulfill({ response });
    })();
    held.add(answered);
    try {
      await answered;
    } finally {
      held.delete(answered);
    }
  };
  await page.route(matches, handler);
  return async () => {
    await Promise.allSettled([...held]);
    await page.unroute(matches, handler);
  };
}
