import { describe, expect, it } from "vitest";
import { loadConfig } from "@pli/api/config";
import { apiEnvironment, type ApiOptions } from "./api.ts";

const options: ApiOptions = {
  dataDir: "/nonexistent/pli-data",
  logFile: "/nonexistent/pli-data/logs/api.log",
  databaseUrl: "postgresql://pli@127.0.0.1:5432/pli",
  rpcUrl: "http://127.0.0.1:8545",
  deployment: {
    chainId: 31337,
    contracts: {
      pliToken: "0x5FbDB2315678afecb367f032d93F642f64180aa3",
      stakingRewards: "0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512",
      pluginFarm: "0x9fE46736679d2D9a65F0592F2260aDf7c5e4Ed4c",
    },
  },
};
const secret = { JWT_SECRET: "development-secret-development-secret" };

describe("the development stack's API", () => {
  it("prints readable lines although its output is a pipe, unless LOG_PRETTY says otherwise", () => {
    expect(loadConfig(apiEnvironment(options, 8787, secret)).LOG_PRETTY).toBe(true);
    expect(loadConfig(apiEnvironment(options, 8787, { ...secret, LOG_PRETTY: "false" })).LOG_PRETTY).toBe(false);
  });
});
