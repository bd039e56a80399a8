import { describe, expect, it } from "vitest";
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
