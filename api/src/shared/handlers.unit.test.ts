import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../config.ts";
import { afterChangeHandlers, HANDLER, type HandlerDeps } from "../handlers.ts";
import { LIVE_TOPICS } from "../live/schema.ts";
import { handlerRunner, type Handler } from "./handlers.ts";
import { createLogger } from "./logger.ts";

type Entry = Omit<Handler, "run">;

/** The names of the handlers of `list` that ran after `trigger`, in the list's order. */
async function ran(list: Entry[], trigger: Parameters<ReturnType<typeof handlerRunner>["trigger"]>) {
  const names = new Set<string>();
  const handlers = handlerRunner(
    list.map((entry) => ({ ...entry, run: () => Promise.resolve(names.add(entry.name)) })),
    createLogger({ level: "silent" }),
  );
  await handlers.trigger(...trigger);
  await handlers.settled();
  return list.map((entry) => entry.name).filter((name) => names.has(name));
}

const handler = (name: string, extra: Partial<Entry> = {}): Entry => ({ name, on: ["announced"], ...extra });

describe("announced triggers", () => {
  const list = [handler("any"), handler("nodes only", { announcedTopics: ["node"] })];

  it("run a handler limited to some records only when an announcement names one of them", async () => {
    expect(await ran(list, ["announced", ["node", "setting"]])).toEqual(["any", "nodes only"]);
    expect(await ran(list, ["announced", ["setting"]])).toEqual(["any"]);
    expect(await ran(list, ["announced", []])).toEqual(["any"]);
  });

  it("leave the handler's other triggers alone", async () => {
    const nodes = handler("nodes", { on: ["indexed", "announced"], announcedTopics: ["node"] });
    expect(await ran([nodes], ["indexed", []])).toEqual(["nodes"]);
  });
});

describe("indexed triggers", () => {
  const list = [
    handler("every range", { on: ["indexed"] }),
    handler("stakes only", { on: ["indexed", "announced"], indexedTopics: ["stake"], beforeEvent: () => true }),
  ];

  it("run a handler limited to some topics only for a range that changed one of them, a range with none included", async () => {
    expect(await ran(list, ["indexed", ["reward", "stake"]])).toEqual(["every range", "stakes only"]);
    expect(await ran(list, ["indexed", ["reward"]])).toEqual(["every range"]);
    expect(await ran(list, ["indexed", []])).toEqual(["every range"]);
  });

  it("leave the handler's other triggers alone", async () => {
    expect(await ran(list, ["announced", ["setting"]])).toEqual(["stakes only"]);
  });
});

describe("handlers an indexed range's event does not wait for", () => {
  it("start once those it waits for have ended, whether they succeeded or failed", async () => {
    for (const outcome of ["succeeds", "fails"] as const) {
      const started: string[] = [];
      let finish: () => void = () => undefined;
      const handlers = handlerRunner(
        [
          {
            ...handler("waited", { on: ["indexed"], beforeEvent: () => true }),
            run: () =>
              new Promise<void>((resolve, reject) => {
                started.push("waited");
                finish = outcome === "succeeds" ? resolve : () => reject(new Error("refused"));
              }),
          },
          { ...handler("later", { on: ["indexed"] }), run: async () => void started.push("later") },
        ],
        createLogger({ level: "silent" }),
      );
      const triggered = handlers.trigger("indexed", ["stake"]).catch(() => undefined);
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(started, `while the waited handler runs (it ${outcome})`).toEqual(["waited"]);
      finish();
      await triggered;
      await handlers.settled();
      expect(started, `once it ${outcome === "succeeds" ? "succeeded" : "failed"}`).toEqual(["waited", "later"]);
    }
  });
});

describe("due checks", () => {
  const list = [
    handler("checked", { on: ["indexed"], beforeEvent: () => true, due: () => sql<boolean>`true` }),
    handler("unchecked", { on: ["indexed"], beforeEvent: () => true }),
    handler("not waited for", { on: ["indexed"], due: () => sql<boolean>`true` }),
  ];

  it("are those of the handlers an indexed range's event waits for", () => {
    const handlers = handlerRunner(
      list.map((entry) => ({ ...entry, run: async () => undefined })),
      createLogger({ level: "silent" }),
    );
    expect(handlers.dueChecks().map(({ name }) => name)).toEqual(["checked"]);
  });

  it("keep a handler whose check read false from running; one read true, or not read, runs", async () => {
    expect(await ran(list, ["indexed", [], new Map([["checked", false]])])).toEqual(["unchecked", "not waited for"]);
    expect(await ran(list, ["indexed", [], new Map([["checked", true]])])).toEqual([
      "checked",
      "unchecked",
      "not waited for",
    ]);
    expect(await ran(list, ["indexed", []])).toEqual(["checked", "unchecked", "not waited for"]);
  });
});

describe("the node reconciler", () => {
  const config = loadConfig({
    APP_ENV: "development",
    DATABASE_URL: "postgresql://u:p@127.0.0.1:5432/pli",
    RPC_URL: "http://127.0.0.1:8545",
    CHAIN_ID: "31337",
    PLI_TOKEN_ADDRESS: "0x5FbDB2315678afecb367f032d93F642f64180aa3",
    STAKING_ADDRESS: "0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512",
    FARM_ADDRESS: "0x9fE46736679d2D9a65F0592F2260aDf7c5e4Ed4c",
  });
  const reconciler = afterChangeHandlers({ config } as HandlerDeps).find(
    (entry) => entry.name === HANDLER.nodeReconcile,
  )!;

  it("runs, and holds the range's event, for a range with a stake event, for a reorg, and for a node's announcement", async () => {
    expect(await ran([reconciler], ["indexed", ["stake"]])).toEqual([HANDLER.nodeReconcile]);
    expect(await ran([reconciler], ["indexed", [...LIVE_TOPICS]])).toEqual([HANDLER.nodeReconcile]);
    expect(await ran([reconciler], ["announced", ["node"]])).toEqual([HANDLER.nodeReconcile]);
    expect(reconciler.beforeEvent?.(["stake"])).toBe(true);
  });

  it("does not run for a block that changed nothing or only payouts, whitelists or limits", async () => {
    for (const topics of [[], ["reward"], ["whitelist", "limits"]])
      expect(await ran([reconciler], ["indexed", topics])).toEqual([]);
  });
});
