import { describe, expect, it } from "vitest";
import { featureContract, gatherContracts } from "./feature.ts";

describe("gatherContracts", () => {
  it("joins the API entries and messages of every feature descriptor among a module's exports, ignoring the other exports", () => {
    const exports = {
      RPC_PATHS: { root: "/api/rpcurl" },
      rpcSchema: { parse: () => undefined },
      RPC_CONTRACT: featureContract({ rpcurl: { root: "/api/rpcurl" } }, { rpcAdded: "RPC Added Successfully" }),
      HEALTH_CONTRACT: featureContract({ health: "/api/health" }),
    };
    const { api, messages } = gatherContracts(exports);
    expect(api).toEqual({ rpcurl: { root: "/api/rpcurl" }, health: "/api/health" });
    expect(messages).toEqual({ rpcAdded: "RPC Added Successfully" });
  });

  it("refuses two features that define the same message or API key, instead of letting one silently replace the other", () => {
    const message = { notFound: "Not found" };
    expect(() =>
      gatherContracts({ A: featureContract({ a: "/api/a" }, message), B: featureContract({ b: "/api/b" }, message) }),
    ).toThrow('Two features define the message key "notFound"');
    expect(() =>
      gatherContracts({ A: featureContract({ node: "/api/a" }), B: featureContract({ node: "/api/b" }) }),
    ).toThrow('Two features define the API key "node"');
  });
});
