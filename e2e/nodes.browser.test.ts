import { randomInt } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import type { Page } from "playwright-core";
import { createPublicClient, getAddress, http } from "viem";
import { stakingRewardsAbi } from "@pli/abis";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { PNG_1X1 } from "@pli/api/test/images";
import { API, MESSAGES, NODE_STATUS } from "@pli/api/public-contract";
import { createDb } from "@pli/api/db/database";
import { runProbeRound, utcDay } from "@pli/api/node-monitor";
import { DEV_KEYS } from "../scripts/lib/dev-accounts.ts";
import { nodeMessages } from "@pli/web/features/node/messages";
import { routes } from "@/shared/config/routes";
import { adminToken, freshAdmin, freshOperator, operatorWith2fa, type FreshOperator } from "./support/accounts.ts";
import { useBrowser } from "./support/browser.ts";
import { checkScreen, SCREEN_SIZES, showInScheme } from "./support/layout-checks.ts";
import { operatorAndAdminPages, type OperatorAndAdminPages } from "./support/signed-in-pages.ts";
import { stakeOnChain } from "./support/staking-setup.ts";
import { useStack } from "./support/stack.ts";
import { TestWallet } from "./support/wallet.ts";
import { callApi, loopbackIp, randomAddress, registeredNode, slowAnswers } from "./support/records.ts";

const stack = useStack();
const browser = useBrowser();
const SCREENSHOTS = path.join(import.meta.dirname, "artifacts", "screenshots", "nodes");
const DAY_MS = 86_400_000;

const waitForPath = (page: Page, pathname: string) => page.waitForURL((url) => url.pathname === pathname);

interface NodeRow {
  _id: string;
  logo: string;
  name: string;
  status: string;
  nodeAddress: string;
}

const api = <T>(pathname: string, token: string, body?: unknown): Promise<T> =>
  callApi<T>(stack.current, pathname, token, body);

const shoot = (page: Page, name: string) => checkScreen(page, SCREENSHOTS, name);

/** Types the confirmation word in the typed-confirmation dialog and confirms. */
async function confirmYes(page: Page) {
  const dialog = page.getByRole("dialog", { name: "Are you sure?" });
  await dialog.getByLabel("Type yes to confirm").fill("yes");
  await dialog.getByRole("button", { name: "Confirm" }).click();
  await dialog.waitFor({ state: "hidden" });
}

let operator: FreshOperator;
let operatorSession: string;
let adminSession: string;
let pages: OperatorAndAdminPages;
let operatorPage: Page;
let adminPage: Page;
const first = { name: `Validator ${randomInt(1e6)}`, ip: loopbackIp(), oracle: randomAddress(), node: randomAddress() };
let firstId: string;

beforeAll(async () => {
  operator = await freshOperator(stack.current, { pli: "2000000" });
  operatorSession = (await operatorWith2fa(stack.current, operator)).token;
  adminSession = await adminToken(stack.current, await freshAdmin(stack.current));
  pages = await operatorAndAdminPages(browser.current, stack.current, {
    operator: { token: operatorSession, key: operator.key },
    admin: adminSession,
  });
  operatorPage = pages.operator.page;
  adminPage = pages.admin.page;
});

afterAll(async () => {
  await pages?.close();
});

const ownNodes = async () =>
  (await api<{ docs: NodeRow[] }>(`${API.node.root}?page=1&limit=100`, operatorSession)).docs;

describe("validator nodes from registration to reputation", () => {
  test("the operator adds a node: a field error first, then typed confirmation and 'Node Added Successfully'", async () => {
    const page = operatorPage;
    await page.goto(routes.addNode.path);
    await waitForPath(page, routes.listNode.path);
    await page.getByRole("heading", { name: nodeMessages.listTitle }).waitFor();
    await page.getByText("No Record Found.....").waitFor();

    await page.getByRole("button", { name: "Add Node" }).click();
    await page.getByRole("heading", { name: "Add New Node", level: 1 }).waitFor();
    expect(new URL(page.url()).searchParams.get("_a")).toBe("1");
    await page.getByText(getAddress(operator.address), { exact: true }).waitFor();
    expect(await page.getByRole("textbox", { name: "Wallet Address" }).count()).toBe(0);
    expect(await page.getByLabel("Node Name").getAttribute("placeholder")).toMatch(/^e\.g\. /);
    await page
      .getByText("This is the Wallet Address with which the Node will be Associated. It is not modifiable.")
      .waitFor();

    await page.getByLabel("Node Name").fill(first.name);
    await page.getByLabel("IP Address").fill(first.ip);
    await page.getByRole("combobox", { name: /^Provider/ }).selectOption("Others");
    await page.getByLabel("Other Provider").fill("Hetzner");
    await page.getByRole("combobox", { name: /^Provider/ }).selectOption("AWS");
    expect(await page.getByLabel("Other Provider").count()).toBe(0);
    await page.getByLabel("Operating System").fill("Ubuntu 24.04");
    await page.getByLabel("RAM (GB)").fill("8");
    await page.getByLabel("Storage (GB)").fill("500");
    await page.getByLabel("Security Patch Version").fill("6.8.0-45");
    await page.getByLabel("Oracle Address").fill(`xdc${first.oracle.slice(2)}`);
    await page.getByLabel("Node Address").fill(first.node);
    const image = page.getByLabel("Node Image (.png, .jpg, .jpeg)");
    await image.setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("not an image") });
    await page.getByText(MESSAGES.fileType).nth(1).waitFor();
    await image.setInputFiles({ name: "node.png", mimeType: "image/png", buffer: PNG_1X1 });
    await page.getByText("Image Uploaded Successfully").first().waitFor();
    await page.getByRole("img", { name: "Node image" }).waitFor();
    await page.getByRole("button", { name: "Add Node" }).click();
    await page.getByRole("alert").filter({ hasText: "minimum requirement 16 GB" }).waitFor();
    await page.getByText("Check all the fields").first().waitFor();
    await shoot(page, "add-node-field-error");

    await page.getByLabel("RAM (GB)").fill("32");
    await page.getByRole("button", { name: "Add Node" }).click();
    const dialog = page.getByRole("dialog", { name: "Are you sure?" });
    await dialog.getByText(nodeMessages.confirmSubmit).waitFor();
    await dialog.getByLabel("Type yes to confirm").fill("no");
    await dialog.getByRole("button", { name: "Confirm" }).click();
    await dialog.getByText("Incorrect Value").waitFor();
    await confirmYes(page);
    await page.getByText("Node Added Successfully").first().waitFor();
    await waitForPath(page, routes.listNode.path);
    const row = page.getByRole("row").filter({ hasText: first.name });
    await row.getByText("Pending for Approval").waitFor();
    expect(await row.getByRole("link", { name: `Stake on ${first.name}` }).count()).toBe(0);
    await row.getByText("NA").waitFor();

    const [node] = await ownNodes();
    expect(node).toMatchObject({
      name: first.name,
      status: NODE_STATUS.pending,
      nodeAddress: first.node.toLowerCase(),
    });
    expect(node?.logo).toMatch(/\.png$/);
    firstId = node!._id;
    await shoot(page, "list-pending");
  });

  test("the admin finds it in Pending by the owner's email, sees the bounty flag, and returns it with notes, told so even when the answer comes after the live update", async () => {
    await api(API.invite.root, adminSession, { email: operator.email });
    const page = adminPage;
    await page.goto(routes.adminListNode.href());
    await page.getByRole("heading", { name: "Node Requests Lists", level: 1 }).waitFor();
    await page.getByRole("tab", { name: /^Pending/, selected: true }).waitFor();
    await page.getByRole("searchbox", { name: "Search by Email ID" }).fill(operator.email);
    await page.waitForURL((url) => url.searchParams.get("q") === operator.email);
    const row = page.getByRole("row").filter({ hasText: first.name });
    await row.getByText(operator.email).waitFor();
    const bounty = row.getByTitle(
      "The owner's email is on the Invites list: this node takes part in the bounty programme.",
    );
    await bounty.waitFor();
    expect((await bounty.textContent())?.trim()).toBe("Bounty invite");
    await page.getByRole("tab", { name: /^Pending\s*1$/ }).waitFor();
    await page.getByRole("tab", { name: /^All Nodes\s*1$/ }).waitFor();
    await shoot(page, "admin-list-pending");

    await row.getByRole("button", { name: `Edit ${first.name}` }).click();
    await waitForPath(page, routes.adminEditNode.path);
    await page.getByRole("heading", { name: "View Node", level: 1 }).waitFor();
    await page.getByText(first.ip).waitFor();
    await page.getByRole("link", { name: "View in Explorer: wallet address" }).waitFor();
    await expect.poll(() => page.getByTestId("wallet-pli-balance").textContent()).toBe("2,000,000.0000");
    await shoot(page, "admin-view-node");

    await page.getByLabel("Admin's Notes").fill("Please use the node's public IP address");
    await page.getByRole("combobox", { name: /^Status/ }).selectOption({ label: "Return for Clarification" });
    const stopSlowing = await slowAnswers(page, API.node.edit, 1_500);
    await page.getByRole("button", { name: "Update Status" }).click();
    await confirmYes(page);
    await page.getByText("Node Status Updated Successfully").first().waitFor();
    await waitForPath(page, routes.adminListNode.path);
    await stopSlowing();
  });

  test("the operator sees the notes, edits the returned node and resubmits it as Pending", async () => {
    const page = operatorPage;
    await page.goto(routes.listNode.href());
    const row = page.getByRole("row").filter({ hasText: first.name });
    await row.getByText("Returned for Modification").waitFor();
    await row.getByRole("button", { name: `View/Edit ${first.name}` }).click();
    await waitForPath(page, routes.editNode.path);
    await page.getByRole("heading", { name: "View Node", level: 1 }).waitFor();
    await page.getByText("Please use the node's public IP address", { exact: true }).first().waitFor();
    expect(await page.getByRole("textbox", { name: "Admin's Notes" }).count()).toBe(0);
    await page.getByText(first.name, { exact: true }).first().waitFor();
    expect(await page.getByRole("textbox").count()).toBe(0);

    await page.getByRole("button", { name: "Edit", exact: true }).click();
    await page.getByRole("heading", { name: "Edit Node", level: 1 }).waitFor();
    expect(await page.getByLabel("RAM (GB)").isDisabled()).toBe(true);
    await page.getByText(nodeMessages.imageReuploadHint).waitFor();
    first.name = `${first.name} v2`;
    await page.getByLabel("Node Name").fill(first.name);
    await shoot(page, "edit-node");
    await page.getByRole("button", { name: "Update Node" }).click();
    await confirmYes(page);
    await page.getByText("Node Edited Successfully").first().waitFor();
    await waitForPath(page, routes.listNode.path);
    await page.getByRole("row").filter({ hasText: first.name }).getByText("Pending for Approval").waitFor();
  });

  test("the admin approves: a rejected whiteListIt saves nothing, a signed one is mined, indexed and saved", async () => {
    const page = adminPage;
    await page.goto(`${routes.adminListNode.href()}?q=${encodeURIComponent(operator.email)}`);
    await page
      .getByRole("row")
      .filter({ hasText: first.name })
      .getByRole("button", { name: `Edit ${first.name}` })
      .click();
    await waitForPath(page, routes.adminEditNode.path);
    const approve = async () => {
      await page.getByRole("combobox", { name: /^Status/ }).selectOption({ label: "Approved" });
      await page.getByRole("button", { name: "Update Status" }).click();
      await confirmYes(page);
    };

    const wallet = new TestWallet({ privateKey: DEV_KEYS.owner, rpcUrl: stack.current.urls.rpc });
    const rejecting = await pages.admin.context.newPage();
    wallet.rejectNextSignature();
    await wallet.install(rejecting);
    await rejecting.goto(routes.adminEditNode.href());
    await rejecting.getByRole("heading", { name: "View Node", level: 1 }).waitFor();
    await rejecting.getByRole("combobox", { name: /^Status/ }).selectOption({ label: "Approved" });
    await rejecting.getByRole("button", { name: "Update Status" }).click();
    await confirmYes(rejecting);
    const failure = rejecting.getByRole("dialog").getByRole("alert");
    await failure.getByText("Try Again! Kindly Ensure you are connected to the right Wallet.").waitFor();
    await failure.getByText("Error Occured on Blockchain Transaction").waitFor();
    await shoot(rejecting, "admin-whitelist-rejected");
    await rejecting.getByRole("button", { name: "OK" }).click();
    expect((await ownNodes())[0]!.status).toBe(NODE_STATUS.pending);
    await rejecting.close();

    await approve();
    await page.getByText("Node Status Updated Successfully").first().waitFor({ timeout: 90_000 });
    await waitForPath(page, routes.adminListNode.path);
    const chain = createPublicClient({ transport: http(stack.current.urls.rpc) });
    const whitelisted = await chain.readContract({
      address: stack.current.deployment.contracts.stakingRewards,
      abi: stakingRewardsAbi,
      functionName: "whitelisted",
      args: [getAddress(operator.address), getAddress(first.node)],
    });
    expect(whitelisted).toBe(true);
    expect((await ownNodes())[0]!.status).toBe(NODE_STATUS.approved);
  });

  test("the operator's list shows the Stake link; a third node is refused with the limit dialog", async () => {
    const page = operatorPage;
    await page.goto(routes.listNode.href());
    const row = page.getByRole("row").filter({ hasText: first.name });
    await row.getByText("Approved").waitFor();
    expect(await row.getByRole("link", { name: `Stake on ${first.name}` }).getAttribute("href")).toBe(
      routes.deposit.href(firstId),
    );

    await api(API.node.root, operatorSession, {
      name: `Second ${randomInt(1e6)}`,
      provider: "Contabo",
      ipaddress: loopbackIp(),
      os: "Debian 12",
      ram: 16,
      storage: 400,
      security: "6.1.0",
      oracleAddress: randomAddress(),
      nodeAddress: randomAddress(),
    });
    await page.reload();
    await page.getByRole("row").filter({ hasText: "Second" }).waitFor();
    await page.getByRole("button", { name: "Add Node" }).click();
    const limit = page.getByRole("dialog", { name: "Maximum Allowed Node Limit Reached" });
    await limit.getByText("You cannot add more than 2 Validator Nodes at the moment.").waitFor();
    await shoot(page, "node-limit-dialog");
    await page.keyboard.press("Escape");
    await limit.waitFor();
    await limit.getByRole("button", { name: "OK" }).click();
    await limit.waitFor({ state: "hidden" });
    expect(new URL(page.url()).pathname).toBe(routes.listNode.path);

    await page.goto(routes.addNode.href());
    await limit.getByText("You cannot add more than 2 Validator Nodes at the moment.").waitFor();
    expect(await page.getByRole("button", { name: "Add Node" }).isDisabled()).toBe(true);
    await limit.getByRole("button", { name: "OK" }).click();
    await waitForPath(page, routes.listNode.path);
  });

  test("Back while a dialog is open closes it with its page: the page before shows with nothing over it", async () => {
    const page = operatorPage;
    await page.goto(routes.dashboard.href());
    await page.getByRole("link", { name: "My Nodes" }).first().click();
    await waitForPath(page, routes.listNode.path);
    await page.getByRole("button", { name: "Add Node" }).click();
    const limit = page.getByRole("dialog", { name: "Maximum Allowed Node Limit Reached" });
    await limit.waitFor();

    await page.goBack();
    await waitForPath(page, routes.dashboard.path);
    await limit.waitFor({ state: "hidden" });
    expect(await page.getByRole("dialog").count()).toBe(0);
    await page.getByRole("link", { name: "My Nodes" }).first().click();
    await waitForPath(page, routes.listNode.path);
    expect(await page.getByRole("dialog").count()).toBe(0);
  });

  test("after a stake and monitor rounds the reputation modal shows the score and the inactive date; De-Active and back", async () => {
    await stakeOnChain(stack.current, operator.key, getAddress(first.node));
    await expect
      .poll(async () => (await ownNodes()).find((node) => node._id === firstId)?.status, {
        timeout: 30_000,
        interval: 500,
      })
      .toBe(NODE_STATUS.active);

    // The node's stand-in answers on / and fails on /down: the day's probe path decides the day's answer.
    const server: Server = createServer((request, response) => {
      response.statusCode = request.url === "/down" ? 503 : 200;
      response.end();
    });
    await new Promise<void>((resolve) => server.listen(0, first.ip, resolve));
    const db = createDb(stack.current.databaseUrl, 1);
    const now = new Date();
    try {
      const port = (server.address() as AddressInfo).port;
      for (const [daysAgo, probePath] of [
        [2, "/"],
        [1, "/down"],
        [0, "/"],
      ] as const) {
        await runProbeRound(db, { port, path: probePath, timeoutMs: 1000 }, new Date(now.getTime() - daysAgo * DAY_MS));
      }
    } finally {
      await db.destroy();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }

    const page = operatorPage;
    await page.goto(routes.listNode.href());
    const row = page.getByRole("row").filter({ hasText: first.name });
    await row.getByText("Active").first().waitFor();
    await row.getByText("Staked").waitFor();
    await row.getByRole("link", { name: "Manage Jobs" }).waitFor();
    const scoreButton = row.getByRole("button", { name: `3.33: reputation of ${first.name}` });
    expect(await scoreButton.textContent()).toBe("3.33");
    expect(
      await page.getByRole("table", { name: nodeMessages.listTitle }).getByRole("columnheader").allTextContents(),
    ).toEqual([
      "Node Name",
      "Reputation",
      "Node Address",
      "Status",
      "Stake Status",
      "Manage Jobs",
      "Staking",
      "Actions",
    ]);
    await shoot(page, "list-active");
    const region = page.getByRole("region", { name: `${nodeMessages.listTitle} (scrolls sideways)` });
    const overflow = () =>
      region.evaluate((box) => {
        const table = box.querySelector("table")!.getBoundingClientRect();
        return table.right - box.getBoundingClientRect().right;
      });
    expect(page.viewportSize()?.width).toBe(1366);
    expect(await overflow(), "the ten columns fit at 1366 px without scrolling sideways").toBeLessThanOrEqual(0);
    const table = await region.boundingBox();
    for (const last of [
      row.getByRole("link", { name: `Stake on ${first.name}` }),
      row.getByRole("button", { name: `View ${first.name}` }),
      row.getByRole("button", { name: `Make De-Active ${first.name}` }),
    ]) {
      const box = await last.boundingBox();
      expect(box!.x + box!.width, "every column shows at desktop size without scrolling").toBeLessThanOrEqual(
        table!.x + table!.width,
      );
    }
    await scoreButton.click();
    const reputation = page.getByRole("dialog", { name: "Reputation Value for Last 30 Days" });
    await expect.poll(() => reputation.getByTestId("reputation-score").textContent()).toBe("3.33");
    expect(await reputation.getByRole("row").count()).toBe(4);
    await shoot(page, "reputation-modal");
    await page.keyboard.press("Escape");
    await reputation.waitFor({ state: "hidden" });

    await row.getByRole("button", { name: `InActive Dates of ${first.name}` }).click();
    const inactive = page.getByRole("dialog", { name: "InActive Date List" });
    const [year, month, day] = utcDay(new Date(now.getTime() - DAY_MS)).split("-");
    await inactive.getByText(`${day}-${month}-${year}`).waitFor();
    await page.keyboard.press("Escape");
    await inactive.waitFor({ state: "hidden" });

    await row.getByRole("button", { name: `Make De-Active ${first.name}` }).click();
    await confirmYes(page);
    await page.getByText("Node Deactivated Successfully").first().waitFor();
    await row.getByText("De-Activated").waitFor();
    await row.getByRole("button", { name: `Make Active ${first.name}` }).click();
    await confirmYes(page);
    await page.getByText("Node Status Updated Successfully").first().waitFor();
    await row.getByRole("button", { name: `Make De-Active ${first.name}` }).waitFor();
  });

  test("a review sent after another admin changed the node is refused with the reason, and the other review stands", async () => {
    const owner = await freshOperator(stack.current);
    const { token } = await operatorWith2fa(stack.current, owner);
    const node = await registeredNode(stack.current, token, { name: `Raced ${randomInt(1e6)}` });
    const page = adminPage;
    await page.goto(`${routes.adminListNode.href()}?q=${encodeURIComponent(owner.email)}`);
    await page.getByRole("button", { name: `Edit ${node.name}` }).click();
    await waitForPath(page, routes.adminEditNode.path);
    await page.getByRole("combobox", { name: /^Status/ }).waitFor();

    const otherAdmin = await adminToken(stack.current, await freshAdmin(stack.current));
    const stopSlowing = await slowAnswers(page, API.node.byId, 8_000, "GET");
    await api(API.node.edit, otherAdmin, { _id: node._id, status: NODE_STATUS.verified });
    await page.getByLabel("Admin's Notes").fill("Please use the node's public IP address");
    await page.getByRole("combobox", { name: /^Status/ }).selectOption({ label: "Return for Clarification" });
    await page.getByRole("button", { name: "Update Status" }).click();
    await confirmYes(page);
    await page
      .getByText(
        "This node's status changed since you opened it (another admin or the operator): reload it and review it again",
      )
      .first()
      .waitFor();
    await stopSlowing();
    await shoot(page, "admin-review-raced");
    expect(await api<{ status: string }>(`${API.node.byId}?nodeId=${node._id}`, otherAdmin)).toMatchObject({
      status: NODE_STATUS.verified,
    });
  });

  test("the admin's tabs count the operator's nodes; a node without a stake is deleted after typing yes", async () => {
    const page = adminPage;
    await page.goto(`${routes.adminListNode.href()}?q=${encodeURIComponent(operator.email)}`);
    await page.getByRole("tab", { name: /^Active\s*1$/ }).waitFor();
    await page.getByRole("tab", { name: /^All Nodes\s*2$/ }).waitFor();
    await page.getByRole("tab", { name: /^Active/ }).click();
    await page.waitForURL((url) => url.searchParams.get("tab") === NODE_STATUS.active);
    const active = page.getByRole("row").filter({ hasText: first.name });
    await active.getByRole("button", { name: `Make De-Active ${first.name}` }).waitFor();
    expect(await active.getByRole("button", { name: `Delete ${first.name}` }).count()).toBe(0);
    const table = page.getByRole("region", { name: /^Node requests/ });
    expect(
      await table.evaluate((region) => region.scrollWidth - region.clientWidth),
      "the list scrolls sideways on a 1366 px screen",
    ).toBeLessThanOrEqual(0);
    await shoot(page, "admin-list-active");

    await page.getByRole("tab", { name: /^Pending/ }).click();
    const second = page.getByRole("row").filter({ hasText: "Second" });
    const name = (await second.getByRole("button", { name: /^Delete / }).getAttribute("aria-label"))!.replace(
      /^Delete /,
      "",
    );
    // The red Delete stands apart from Edit: a divider lies between them.
    const [edit, divider, remove] = await Promise.all(
      [
        second.getByRole("button", { name: `Edit ${name}` }),
        second.getByRole("separator"),
        second.getByRole("button", { name: `Delete ${name}` }),
      ].map((locator) => locator.boundingBox()),
    );
    expect(edit!.y + edit!.height).toBeLessThanOrEqual(divider!.y);
    expect(divider!.y + divider!.height).toBeLessThanOrEqual(remove!.y);

    // Reviewing the second node, the admin sees it against the node rules and the operator's other, staked node.
    await second.getByRole("button", { name: `Edit ${name}` }).click();
    await waitForPath(page, routes.adminEditNode.path);
    const evidence = page.getByRole("region", { name: "Review Evidence" });
    await evidence.getByText("16 GB (minimum 16 GB)").waitFor();
    await evidence.getByText("400 GB (minimum 400 GB)").waitFor();
    expect(await evidence.getByText("Meets minimum").count()).toBe(2);
    await evidence.getByText("Not checked today").waitFor();
    await evidence.getByText("Other nodes (1)").waitFor();
    const others = evidence.getByRole("list", { name: "Other nodes" });
    await others.getByText(first.name).waitFor();
    await others.getByText("Active").waitFor();
    await others.getByText("Staked").waitFor();
    await shoot(page, "admin-review-evidence");
    await showInScheme(page, "dark");
    await shoot(page, "admin-review-evidence-dark");
    await showInScheme(page, "light");
    await page.goBack();
    await waitForPath(page, routes.adminListNode.path);
    await second.getByRole("button", { name: `Delete ${name}` }).click();
    await confirmYes(page);
    await page.getByText("Node Deleted Successfully").first().waitFor();
    await page.getByRole("tab", { name: /^All Nodes\s*1$/ }).waitFor();
    expect((await ownNodes()).map((node) => node._id)).toEqual([firstId]);

    await page.setViewportSize(SCREEN_SIZES[1].viewport);
    const status = page.getByRole("combobox", { name: "Status" });
    await status.selectOption({ label: "Active (1)" });
    await page.waitForURL((url) => url.searchParams.get("tab") === NODE_STATUS.active);
    // On a phone each node is a card of the list, showing its status and actions without scrolling sideways.
    const card = page
      .getByRole("list", { name: "Node requests" })
      .getByRole("listitem")
      .filter({ hasText: first.name });
    // The card's one action is Edit; Make De-Active waits in its 44 px menu.
    await card.getByRole("button", { name: `Edit ${first.name}` }).waitFor();
    await card.getByRole("button", { name: `More actions for ${first.name}` }).click();
    const deactivate = card.getByRole("button", { name: `Make De-Active ${first.name}` });
    await deactivate.waitFor();
    // A live update redraws the list under the open menu (the operator registers another node, which the tabs count):
    // the menu stays open.
    await registeredNode(stack.current, operatorSession, { name: `Third ${randomInt(1e6)}` });
    await status.locator("option", { hasText: "Pending (1)" }).waitFor({ state: "attached" });
    expect(await deactivate.isVisible()).toBe(true);
    await page.keyboard.press("Escape");
    await shoot(page, "admin-list-phone-status");
  });
});
