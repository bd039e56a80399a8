import { describe, expect, it } from "vitest";
import { parseIndexerEnv } from "../../../indexer/env.ts";
import { parseStackEnv, StackConfigError } from "../../../scripts/lib/stack-config.ts";
import { ConfigError, loadConfig } from "../config.ts";

const chain = {
  RPC_URL: "http://127.0.0.1:8545",
  CHAIN_ID: "51",
  PLI_TOKEN_ADDRESS: "0x5FbDB2315678afecb367f032d93F642f64180aa3",
  STAKING_ADDRESS: "0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512",
  FARM_ADDRESS: "0x9fE46736679d2D9a65F0592F2260aDf7c5e4Ed4c",
};
const api = { ...chain, APP_ENV: "development", DATABASE_URL: "postgresql://u:p@127.0.0.1:5432/pli" };
const SAFE = "xdc29fcb43b46531bca003ddc8fcb67ffe91900c762";

function apiProblems(env: Record<string, string>) {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return {};
}

describe("SAFE_ADDRESS and SAFE_START_BLOCK", () => {
  it("are read as a checksummed 0x address and a block, by the API, the indexer and the stack runner", () => {
    const env = { SAFE_ADDRESS: SAFE, SAFE_START_BLOCK: "120" };
    expect(loadConfig({ ...api, ...env })).toMatchObject({
      SAFE_ADDRESS: "0x29fcB43b46531BcA003ddC8FCB67FFE91900C762",
      SAFE_START_BLOCK: 120,
    });
    const indexer = parseIndexerEnv({ ...chain, ...env, DATABASE_URL: api.DATABASE_URL, START_BLOCK: "1" });
    expect(indexer.SAFE_ADDRESS).toBe("0x29fcB43b46531BcA003ddC8FCB67FFE91900C762");
    expect(parseStackEnv({ ...chain, ...env, START_BLOCK: "1" }).chain?.safe).toEqual({
      address: "0x29fcB43b46531BcA003ddC8FCB67FFE91900C762",
      startBlock: 120,
    });
  });

  it("are both set or neither, and the address must be one", () => {
    expect(apiProblems({ ...api, SAFE_ADDRESS: SAFE })).toEqual({
      SAFE_START_BLOCK: "is required when SAFE_ADDRESS is set",
    });
    expect(apiProblems({ ...api, SAFE_START_BLOCK: "3" })).toEqual({
      SAFE_ADDRESS: "is required when SAFE_START_BLOCK is set",
    });
    expect(apiProblems({ ...api, SAFE_ADDRESS: "0x1234", SAFE_START_BLOCK: "3" })).toEqual({
      SAFE_ADDRESS: "must be an address (0x… or xdc…)",
    });
    expect(() => parseStackEnv({ SAFE_ADDRESS: SAFE, SAFE_START_BLOCK: "3" })).toThrow(StackConfigError);
    expect(() =>
      parseIndexerEnv({ ...chain, DATABASE_URL: api.DATABASE_URL, START_BLOCK: "1", SAFE_START_BLOCK: "x" }),
    ).toThrow(/SAFE_START_BLOCK/);
  });

  it("leave the spec's single-wallet configuration as it was when unset", () => {
    const config = loadConfig(api);
    expect(config.SAFE_ADDRESS).toBeUndefined();
    expect(parseStackEnv({ ...chain, START_BLOCK: "1" }).chain).not.toHaveProperty("safe");
  });
});
