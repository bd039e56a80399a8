import { mkdirSync } from "node:fs";
import path from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { beforeAll, describe, expect, test } from "vitest";
import { createDb } from "@pli/api/db/database";
import { API, INCENTIVE_STATUS, type Paged } from "@pli/api/public-contract";
import { DEV_KEYS } from "../scripts/lib/dev-accounts.ts";
import { waitFor } from "../scripts/lib/wait.ts";
import { routes, type Access } from "@/shared/config/routes";
import { incentiveMessages } from "@/features/incentive/messages";
import { formatTokenExact } from "@/shared/format";
import { adminToken, freshAdmin, freshOperator, operatorWith2fa, signInContext } from "./support/accounts.ts";
import { useBrowser } from "./support/browser.ts";
import { callApi, loopbackIp, randomAddress } from "./support/records.ts";
import {
  accessibilityProblems,
  COLOR_SCHEMES,
  fontsReady,
  layoutProblems,
  overlaps,
  pageTitle,
  KEEP_SCREENSHOTS,
  SCREENSHOT,
  fullPageScreenshot,
  showInScheme,
  twoFrames,
} from "./support/layout-checks.ts";
import { approvedNode, incentiveRows, payRewardOnChain, stakeOnChain } from "./support/staking-setup.ts";
import { useStack } from "./support/stack.ts";
import { TestWallet } from "./support/wallet.ts";

const stack = useStack();
const browser = useBrowser();
const SCREENSHOTS = path.join(import.meta.dirname, "artifacts", "screenshots");

/**
 * axe checks every page at desktop size; at phone size the pages show the same components in one
 * column, so axe checks only each frame's first page there (burger menu, bottom navigation). The
 * portal follows the system's colour setting, so each page is checked (and photographed, with a problem or
 * SCREENSHOTS=1) in both schemes, switched in place on the loaded page (no second sign-in or load per scheme); the second scheme gets only
 * axe's colour rules, the document being the same. The sweeps run side by side, each in a context of its own: most of
 * a sweep's time is waiting for answers and paints, which the others use.
 */
const VIEWPORTS = [
  { name: "desktop", viewport: { width: 1366, height: 900 }, axe: "every page" },
  { name: "phone", viewport: { width: 390, height: 844 }, axe: "first page" },
] as const;

type Area = Access;

/** The routes that open one record, by the record of the sweep's data each opens. */
type RecordRoute =
  | "deposit"
  | "listJob"
  | "editJob"
  | "viewIncentive"
  | "viewTicket"
  | "adminEditStakeRequest"
  | "adminEditStake"
  | "adminEditIncentive"
  | "adminViewTicket";

/** The id each record route opens, from the sweep's data (beforeAll). */
let records: Record<RecordRoute, string>;

/**
 * Every route of the registry with a URL to open it: a route that opens one record opens one of the sweep's, so that
 * its screen is checked with real values, not as a record not found. A new such route fails here until it has one.
 */
function sweepRoutes() {
  return Object.entries(routes).map(([name, route]) => {
    const href = route.href as (...args: string[]) => string;
    if (href.length === 0) return { name, area: route.access, url: href() };
    const id = (records as Record<string, string | undefined>)[name];
    if (id === undefined) throw new Error(`the layout sweep has no record for the route ${name} (${route.path})`);
    return { name, area: route.access, url: href(id) };
  });
}

/** The registry title of the route a URL landed on (pages may redirect, e.g. an edit page with no record). */
function titleFor(url: string): string | undefined {
  const { pathname } = new URL(url);
  const route = Object.values(routes).find((r) =>
    new RegExp(`^${r.path.replace(/:[^/]+/g, "[^/]+")}/?$`).test(pathname),
  );
  return route?.title;
}

let operatorKey: `0x${string}`;
let operatorEmail: string;
let tokens: Record<Exclude<Area, "public">, string>;

/** The operator of the sweep has a long email, which every page that shows it must fit on a phone. */
const EMAIL_LENGTH = 60;

/**
 * The sweep's operator has one node with a long name, staked on the chain (Active once indexed), a job on it, a ticket
 * and an incentive of over a hundred million PLI, and another operator (a 60-character email too) a Pending node
 * (the admin's node list opens on Pending; a second node of the sweep's operator would reach the node limit, and Add
 * Node would show the limit's dialog instead of its form), so the lists of nodes, jobs and incentives are checked with
 * rows (one incentive of 78 digits in wei): on a phone each row's card must show its name, status, amount and actions
 * without scrolling sideways, and on a laptop each table fits its box.
 */
/** An amount of 78 digits in wei (the most the incentive's column holds), which every total and chart must fit. */
const LARGEST_AMOUNT = 9n * 10n ** 77n;
/** The sweep's incentive the chain pays another amount than its accrued token: its month, accrued and paid. */
const PAID_OTHER = {
  date: "2026-10-01",
  token: 123_456_789_123_456_789_000_000_000n,
  paid: 123_456_788_123_456_789_000_000_001n,
};

type Created = { data: { _id: string } };

/** The sweep's rows (above); answers the ids of the records the record routes open. */
async function listRows(operator: { address: string }, token: string, nodeId: string) {
  const other = await freshOperator(stack.current, { emailLength: EMAIL_LENGTH });
  const otherToken = (await operatorWith2fa(stack.current, other)).token;
  const ticket = await callApi<Created>(stack.current, API.ticket.root, token, {
    subject: "Node stops answering after the upgrade to the new release of the oracle software",
    message: "Since this morning the node no longer answers the monitor.",
  });
  await callApi(stack.current, API.node.root, otherToken, {
    name: "Singapore oracle node of the Plugin validator network 12",
    provider: "GCP",
    ipaddress: loopbackIp(),
    os: "Ubuntu 24.04",
    ram: 64,
    storage: 1000,
    security: "6.8.0-45",
    oracleAddress: randomAddress(),
    nodeAddress: randomAddress(),
  });
  const categories = await callApi<{ docs: { _id: string }[] }>(stack.current, API.jobCategory.root, token);
  const job = await callApi<Created>(stack.current, API.job.root, token, {
    nodeSettingID: nodeId,
    jobCategoryID: categories.docs[0]!._id,
    name: "Settlement price of the XDC to USD pair from three sources",
    oracleAddress: randomAddress(),
    jobID: "xdc-usd-settlement-price-feed-0001",
    cost: "1250",
    jobSource: "https://prices.example.com/v1/xdc-usd/settlement",
    network: "XDC Mainnet",
  });
  // Real values as a day of use leaves them: an XDC RPC endpoint with a long path, and a stake request (whose rows show
  // the operator's 60-character email).
  await callApi(stack.current, API.rpcurl.root, token, {
    name: "XinFin mainnet archive RPC behind the Frankfurt load balancer",
    provider: "AWS",
    rpc: "https://erpc.xinfin.network/archive/v1/mainnet/3f9a1c0e7b5d4a2e9c8f7a6b5c4d3e2f1a0b9c8d",
    wss: "wss://ws.xinfin.network/archive/v1/mainnet/3f9a1c0e7b5d4a2e9c8f7a6b5c4d3e2f1a0b9c8d",
  });
  const request = await callApi<Created>(stack.current, API.stakeRequest.root, token, { nodeId });
  const db = createDb(stack.current.databaseUrl, 1);
  try {
    const node = await db
      .selectFrom("app.node")
      .select("node_address")
      .where("id", "=", nodeId)
      .executeTakeFirstOrThrow();
    const incentive = {
      wallet: operator.address.toLowerCase(),
      node: node.node_address,
      inactive_count: 0,
      staked_days: 30,
      accrued_days: 30,
      percentage: "2.5",
    };
    const [incentiveRow] = await db
      .insertInto("app.incentive")
      .values([
        { ...incentive, date: "2026-09-01", token: LARGEST_AMOUNT },
        { ...incentive, date: PAID_OTHER.date, token: PAID_OTHER.token },
      ])
      .returning("id")
      .execute();
    return {
      jobId: job.data._id,
      ticketId: ticket.data._id,
      requestId: request.data._id,
      incentiveId: incentiveRow!.id,
    };
  } finally {
    await db.destroy();
  }
}

beforeAll(async () => {
  const operator = await freshOperator(stack.current, { pli: "120000", emailLength: EMAIL_LENGTH });
  operatorEmail = operator.email;
  operatorKey = operator.key;
  const admin = await freshAdmin(stack.current);
  tokens = {
    operator: (await operatorWith2fa(stack.current, operator)).token,
    admin: await adminToken(stack.current, admin),
  };
  // A stake on the chain, indexed: the admin's stake list then shows a row with the 60-character email.
  const node = await approvedNode(
    stack.current,
    tokens,
    operator.address,
    "Frankfurt oracle node of the Plugin validator network 07",
  );
  await stakeOnChain(stack.current, operator.key, node.nodeAddress);
  const rows = await listRows(operator, tokens.operator, node._id);
  await payRewardOnChain(stack.current, {
    wallet: operator.address,
    node: node.nodeAddress,
    date: PAID_OTHER.date,
    amount: PAID_OTHER.paid,
  });
  await waitFor("the chain's payment matched to its incentive", async () =>
    (await incentiveRows(stack.current, tokens.operator)).some((row) => row.status === INCENTIVE_STATUS.paid),
  );
  const stakeId = await waitFor("the operator's stake indexed", async () => {
    const stakes = await callApi<Paged<{ _id: string }>>(
      stack.current,
      `${API.stake.root}?q=${encodeURIComponent(operator.email)}`,
      tokens.admin,
    );
    return stakes.docs[0]?._id;
  });
  records = {
    deposit: node._id,
    listJob: node._id,
    editJob: rows.jobId,
    viewIncentive: rows.incentiveId,
    viewTicket: rows.ticketId,
    adminEditStakeRequest: rows.requestId,
    adminEditStake: stakeId,
    adminEditIncentive: rows.incentiveId,
    adminViewTicket: rows.ticketId,
  };
});

async function contextFor(
  b: Browser,
  area: Area,
  viewport: { width: number; height: number },
): Promise<BrowserContext> {
  const context = await b.newContext({ baseURL: stack.current.urls.web, viewport });
  if (area !== "public") await signInContext(context, tokens[area]);
  return context;
}

async function openIn(context: BrowserContext, area: Area): Promise<Page> {
  const page = await context.newPage();
  const key = area === "operator" ? operatorKey : area === "admin" ? DEV_KEYS.owner : undefined;
  if (key) await new TestWallet({ privateKey: key, rpcUrl: stack.current.urls.rpc }).install(page);
  return page;
}

/**
 * Opens a URL the way the app's own links do (history push, the router renders it), which keeps the
 * loaded app instead of loading it again; the first page of each sweep is a full load.
 */
async function navigateInApp(page: Page, url: string) {
  await page.evaluate((to) => {
    window.history.pushState(null, "", to);
    window.dispatchEvent(new PopStateEvent("popstate"));
  }, url);
}

/**
 * How long a screen may take to draw, and a whole sweep to run. The six sweeps and the other tests of the file run side
 * by side, next to the rest of the suite: on a slow hour of this 2-core machine (2026-11-30, the same suite's CPU
 * twice the day before's) a desktop sweep took 191 s and a screen of a phone sweep more than 20 s, where alone the file
 * takes 65 s. A screen that never draws still fails, with its route named.
 */
const SCREEN_TIMEOUT_MS = 60_000;
const SWEEP_TIMEOUT_MS = 480_000;

/**
 * Waits until the page shows the route its URL names (the title of that route, given up on after
 * about 3 s so a wrong title is reported, not waited for), no list is still loading, and any
 * redirect has happened.
 */
async function settle(page: Page) {
  let before = "";
  for (let round = 0; round < 40; round++) {
    await page.locator("h1:visible").first().waitFor({ timeout: SCREEN_TIMEOUT_MS });
    await page.getByText("Loading.....").first().waitFor({ state: "hidden", timeout: SCREEN_TIMEOUT_MS });
    const title = await pageTitle(page);
    const now = `${page.url()} ${title}`;
    const expected = titleFor(page.url());
    if (now === before && (expected === undefined || expected === title || round >= 30)) break;
    before = now;
    await page.waitForTimeout(100);
  }
  await fontsReady(page);
}

describe.concurrent.each(VIEWPORTS)(
  "every page at $name size ($viewport.width x $viewport.height)",
  ({ name, viewport, axe }) => {
    for (const area of ["public", "operator", "admin"] as const) {
      test(
        `${area} pages in light and dark: no sideways scrolling, no word broken mid-word, one title, no serious accessibility violation`,
        async ({ expect }) => {
          for (const scheme of COLOR_SCHEMES) mkdirSync(path.join(SCREENSHOTS, name, scheme), { recursive: true });
          const problems: string[] = [];
          const context = await contextFor(browser.current, area, viewport);
          try {
            const page = await openIn(context, area);
            const scanned = new Set<string>();
            for (const [index, route] of sweepRoutes()
              .filter((r) => r.area === area)
              .entries()) {
              await (index === 0 ? page.goto(route.url) : navigateInApp(page, route.url));
              await settle(page).catch((error: unknown) => {
                throw new Error(`${route.url} (at ${page.url()}) did not settle`, { cause: error });
              });
              const landed = new URL(page.url()).pathname;
              if (area !== "public" && (landed === routes.home.path || landed === routes.adminLogin.path)) {
                throw new Error(`${route.url} sent the signed-in ${area} to ${landed}: the session did not hold`);
              }
              const where = `${route.url} -> ${landed}`;
              const expected = titleFor(page.url());
              const title = await pageTitle(page);
              const found = [
                ...(await layoutProblems(page)),
                ...(expected !== undefined && title !== expected ? [`title "${title}" instead of "${expected}"`] : []),
                ...((await page.getByRole("dialog").count()) > 0 ? ["a dialog covers the page"] : []),
                ...((await page
                  .getByRole("alert")
                  .filter({ hasText: / not found$/ })
                  .count()) > 0
                  ? ["its record shows as not found"]
                  : []),
              ];
              const pageProblems = problems.length;
              problems.push(...found.map((problem) => `${where}: ${problem}`));
              // A route that sent the visitor to a page of this sweep (an edit page without its record goes to its list)
              // shows that page again: checked above, it needs no second accessibility scan or screenshots.
              if (scanned.has(landed)) continue;
              scanned.add(landed);
              // Alternating the order leaves each page in the scheme the next one starts with: one switch per page.
              const order = scanned.size % 2 === 1 ? COLOR_SCHEMES : [...COLOR_SCHEMES].reverse();
              for (const [position, scheme] of order.entries()) {
                await showInScheme(page, scheme);
                if (axe === "every page" || index === 0) {
                  problems.push(
                    ...(await accessibilityProblems(page, { coloursOnly: position > 0 })).map(
                      (problem) => `${where} (${scheme}): ${problem}`,
                    ),
                  );
                }
                if (KEEP_SCREENSHOTS || problems.length > pageProblems)
                  await fullPageScreenshot(page, path.join(SCREENSHOTS, name, scheme, `${area}-${route.name}.jpg`));
              }
            }
          } finally {
            await context.close();
          }
          expect(problems).toEqual([]);
        },
        SWEEP_TIMEOUT_MS,
      );
    }

    test("the RPC form's placeholders read as dimmed examples; a notification never covers the header's Logout button", async ({
      expect,
    }) => {
      const context = await contextFor(browser.current, "operator", viewport);
      try {
        const page = await openIn(context, "operator");
        await page.goto(routes.addRpc.href());
        await settle(page);
        for (const scheme of COLOR_SCHEMES) {
          await showInScheme(page, scheme);
          for (const label of ["Name", "RPC URL", "WSS URL"]) {
            const field = page.getByLabel(label, { exact: true });
            expect(await field.getAttribute("placeholder"), label).toMatch(/^e\.g\. /);
            const [placeholder, value, dimmed] = await field.evaluate((input) => {
              const probe = document.body.appendChild(document.createElement("span"));
              probe.style.color = "var(--mantine-color-placeholder)";
              const colours = [
                getComputedStyle(input, "::placeholder").color,
                getComputedStyle(input).color,
                getComputedStyle(probe).color,
              ];
              probe.remove();
              return colours;
            });
            expect(placeholder, `${label} (${scheme}): the theme's placeholder colour`).toBe(dimmed);
            expect(placeholder, `${label} (${scheme}): a placeholder looks unlike a value`).not.toBe(value);
          }
        }
        await page.getByLabel("Name").fill(`Toast check ${name}`);
        await page.getByLabel("RPC URL").fill("https://toast.example.com");
        await page.getByLabel("WSS URL").fill("wss://toast.example.com");
        await page.getByRole("button", { name: "Add RPC" }).click();
        const toast = page.locator("[role=alert], [role=status]").filter({ hasText: "RPC Added Successfully" }).last();
        await toast.waitFor();
        const logout = page.getByRole("button", { name: "Logout" });
        const [toastBox, logoutBox] = [await toast.boundingBox(), await logout.boundingBox()];
        expect(toastBox).not.toBeNull();
        expect(logoutBox).not.toBeNull();
        expect(overlaps(toastBox!, logoutBox!)).toBe(false);
        await page.screenshot({ path: path.join(SCREENSHOTS, name, "toast.jpg"), ...SCREENSHOT });
      } finally {
        await context.close();
      }
    });
  },
);

/**
 * Screen widths from a phone's to a wide screen's, between and around the sweep's two sizes: the menu shows beside the
 * page from a tablet's width, and each summary grid sets its number of columns by its own width, so a card is at its
 * narrowest somewhere in this range rather than at either size of the sweep.
 */
const GRID_WIDTHS = [390, 575, 700, 767, 900, 991, 1024, 1100, 1199, 1280, 1366, 1407, 1440, 1920];

test("the summary cards' figures stay inside their cards at every width from a phone to a wide screen", async () => {
  const problems: string[] = [];
  // Each page with the figures it loads after its title (the operator's earnings come from a query of their own).
  for (const [area, route, lastFigure] of [
    ["operator", routes.dashboard, "Realised yield, 12 months"],
    ["admin", routes.adminDashboard, "Paid"],
    ["public", routes.network, "Total Staked"],
  ] as const) {
    const context = await contextFor(browser.current, area, { width: GRID_WIDTHS[0]!, height: 900 });
    try {
      const page = await openIn(context, area);
      await page.goto(route.href());
      await settle(page);
      await page.getByRole("group", { name: lastFigure, exact: true }).getByText(/\d/).first().waitFor();
      for (const width of GRID_WIDTHS) {
        await page.setViewportSize({ width, height: 900 });
        await twoFrames(page);
        problems.push(...(await layoutProblems(page)).map((problem) => `${route.path} at ${width} px: ${problem}`));
      }
    } finally {
      await context.close();
    }
  }
  expect(problems).toEqual([]);
});

/**
 * The pages a tablet held sideways (1024 px, the menu beside the page) showed with dates broken at their hyphens, a
 * one-word status cut to "ACTI…" and the wallet's balances drawn over one another; between the sweep's two sizes a
 * table may scroll sideways, but what it shows stays whole.
 */
const TABLET_PAGES = [
  "listNode",
  "listWallet",
  "deposit",
  "adminListNode",
  "adminListJob",
  "adminListStakeRequest",
  "adminListOperator",
  "adminListValidator",
  "adminListInvite",
] satisfies (keyof typeof routes)[] as string[];

test("on a tablet's 1024 px the wallet, the staking screen and the lists keep their dates, statuses and balances whole", async () => {
  const problems: string[] = [];
  const checked: string[] = [];
  for (const area of ["operator", "admin"] as const) {
    const context = await contextFor(browser.current, area, { width: 1024, height: 768 });
    try {
      const page = await openIn(context, area);
      for (const [index, route] of sweepRoutes()
        .filter((r) => r.area === area && TABLET_PAGES.includes(r.name))
        .entries()) {
        await (index === 0 ? page.goto(route.url) : navigateInApp(page, route.url));
        await settle(page);
        checked.push(route.name);
        problems.push(...(await layoutProblems(page)).map((problem) => `${route.url}: ${problem}`));
      }
    } finally {
      await context.close();
    }
  }
  expect(checked.toSorted()).toEqual(TABLET_PAGES.toSorted());
  expect(problems).toEqual([]);
});

test("a Paid incentive shows the operator what the chain paid, the accrued token of another amount under it, both exact", async () => {
  const context = await contextFor(browser.current, "operator", { width: 1366, height: 900 });
  try {
    const page = await openIn(context, "operator");
    await page.goto(routes.listIncentive.href());
    await settle(page);
    const paidRow = page
      .getByRole("table", { name: "Incentive Lists" })
      .getByRole("row")
      .filter({ has: page.getByText("Paid", { exact: true }) });
    await paidRow.waitFor();
    const token = paidRow.getByRole("cell").nth(2);
    const [shown, under] = (await token.innerText()).split("\n").filter((line) => line.trim() !== "");
    expect([shown, under]).toEqual([
      `${formatTokenExact(PAID_OTHER.paid)} PLI`,
      incentiveMessages.accruedOther(formatTokenExact(PAID_OTHER.token)),
    ]);
  } finally {
    await context.close();
  }
});

test("the profile and edit-profile pages fit a 390 px phone with a 60-character email, which wraps", async () => {
  expect(operatorEmail).toHaveLength(60);
  const context = await contextFor(browser.current, "operator", { width: 390, height: 844 });
  try {
    const page = await openIn(context, "operator");
    for (const route of [routes.viewProfile, routes.editProfile]) {
      await page.goto(route.href());
      await settle(page);
      const email = page.getByText(operatorEmail, { exact: true });
      await email.waitFor();
      expect(await layoutProblems(page), route.path).toEqual([]);
      const box = await email.boundingBox();
      expect(box!.x + box!.width, `${route.path}: the email stays on the screen`).toBeLessThanOrEqual(390);
    }
  } finally {
    await context.close();
  }
});

test("the frame's menu and content move at once for people who ask for less motion, and slide for everyone else", async () => {
  /** The parts of the frame that start a transition when the screen narrows to a phone's width and the menu folds away. */
  const slidingWhenNarrowed = async (reducedMotion: "reduce" | "no-preference") => {
    const context = await browser.current.newContext({
      baseURL: stack.current.urls.web,
      viewport: { width: 1366, height: 900 },
      reducedMotion,
    });
    try {
      await signInContext(context, tokens.admin);
      const page = await openIn(context, "admin");
      await page.goto(routes.adminDashboard.href());
      await settle(page);
      await page.evaluate(() => {
        const moved: string[] = [];
        (window as unknown as { moved: string[] }).moved = moved;
        document.addEventListener("transitionrun", (event) => {
          const part = (event.target as Element).className
            .split(" ")
            .find((name) => name.startsWith("mantine-AppShell-"));
          if (part && !moved.includes(part)) moved.push(part);
        });
      });
      await page.setViewportSize({ width: 390, height: 844 });
      return await page.evaluate(
        () =>
          new Promise<string[]>((resolve) =>
            requestAnimationFrame(() =>
              requestAnimationFrame(() => resolve((window as unknown as { moved: string[] }).moved)),
            ),
          ),
      );
    } finally {
      await context.close();
    }
  };
  expect(await slidingWhenNarrowed("reduce")).toEqual([]);
  expect(await slidingWhenNarrowed("no-preference")).toEqual(expect.arrayContaining(["mantine-AppShell-navbar"]));
});
