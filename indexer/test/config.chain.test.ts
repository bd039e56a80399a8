import { describe, expect, it } from "vitest";
import { startAnvil } from "../../scripts/lib/anvil.ts";
import {
  indexedChainOf,
  indexerEnv,
  indexerSchemaName,
  startIndexer,
  type IndexedChain,
} from "../../scripts/lib/indexer.ts";
import { parseIndexerEnv } from "../env.ts";

const GOOD = {
  DATABASE_URL: "postgresql://u:p@127.0.0.1:5432/pli",
  RPC_URL: "https://rpc.apothem.network",
  WS_URL: "wss://ws.apothem.network",
  CHAIN_ID: "51",
  PLI_TOKEN_ADDRESS: "xdc33f4212b027e22af7e6ba21fc572843c0d701cd1",
  STAKING_ADDRESS: "0x5fbdb2315678afecb367f032d93f642f64180aa3",
  FARM_ADDRESS: "0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0",
  START_BLOCK: "1200",
};

const chain = {
  chainId: 31337,
  startBlock: 0,
  contracts: {
    pliToken: "0x5FbDB2315678afecb367f032d93F642f64180aa3",
    stakingRewards: "0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512",
    pluginFarm: "0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0",
  },
} as const;

describe("indexer configuration", () => {
  it("parses the environment and normalises xdc addresses", () => {
    expect(parseIndexerEnv(GOOD)).toMatchObject({
      CHAIN_ID: 51,
      START_BLOCK: 1200,
      PLI_TOKEN_ADDRESS: "0x33f4212b027E22aF7e6BA21Fc572843C0D701CD1",
      STAKING_ADDRESS: "0x5FbDB2315678afecb367f032d93F642f64180aa3",
    });
    expect(parseIndexerEnv({ ...GOOD, WS_URL: "" }).WS_URL).toBeUndefined();
  });

  it("names every bad or missing variable", () => {
    const bad = {
      ...GOOD,
      DATABASE_URL: undefined,
      RPC_URL: "ws://x",
      CHAIN_ID: "abc",
      FARM_ADDRESS: "0x12",
      START_BLOCK: "-1",
    };
    const message = (() => {
      try {
        parseIndexerEnv(bad);
        return "";
      } catch (error) {
        return (error as Error).message;
      }
    })();
    for (const name of ["RPC_URL", "CHAIN_ID", "FARM_ADDRESS", "START_BLOCK"]) expect(message).toContain(`${name}:`);
    expect(message).toContain("DATABASE_URL: is required");
    for (const name of ["WS_URL", "PLI_TOKEN_ADDRESS", "STAKING_ADDRESS"]) expect(message).not.toContain(`${name}:`);
  });

  it("names the schema after the code and the chain", () => {
    const name = indexerSchemaName(chain);
    expect(name).toMatch(/^ponder_[0-9a-f]{12}$/);
    expect(indexerSchemaName({ ...chain })).toBe(name);
    expect(indexerSchemaName({ ...chain, startBlock: 1 })).not.toBe(name);
    expect(indexerSchemaName({ ...chain, chainId: 51 })).not.toBe(name);
    expect(
      indexerSchemaName({ ...chain, contracts: { ...chain.contracts, pluginFarm: chain.contracts.pliToken } }),
    ).not.toBe(name);
  });

  it("names the container's schema from its environment as npm start does, the Safe and the price feed included", () => {
    /** The schema the container's entry point (scripts/indexer-start.ts) names for the environment of `deployment`. */
    const inContainer = (deployment: IndexedChain) =>
      indexerSchemaName(
        indexedChainOf(
          parseIndexerEnv(indexerEnv({ databaseUrl: GOOD.DATABASE_URL, rpcUrl: GOOD.RPC_URL, deployment })),
        ),
      );
    const withFeed: IndexedChain = {
      ...chain,
      contracts: { ...chain.contracts, priceFeed: "0x00000000000000000000000000000000000000fe" },
    };
    const withSafe = {
      ...withFeed,
      safe: { address: "0x00000000000000000000000000000000000000af", startBlock: 7 },
    } satisfies IndexedChain;
    for (const deployment of [chain, withFeed, withSafe])
      expect(inContainer(deployment)).toBe(indexerSchemaName(deployment));
    expect(new Set([chain, withFeed, withSafe].map(inContainer)).size, "a Safe or a feed added is a new schema").toBe(
      3,
    );
    expect(inContainer({ ...withSafe, safe: { ...withSafe.safe, startBlock: 8 } })).not.toBe(inContainer(withSafe));
  });

  it("stops Ponder at once with the bad variable named", async () => {
    const start = startIndexer({
      databaseUrl: "mysql://127.0.0.1/pli",
      rpcUrl: "http://127.0.0.1:1",
      deployment: chain,
    });
    await expect(start).rejects.toThrow(/exited before it was ready[\s\S]*DATABASE_URL/);
  });

  it("does not start Ponder on an endpoint serving another chain or no contract at a configured address, naming the variable", async () => {
    const anvil = await startAnvil();
    try {
      const options = { databaseUrl: "postgresql://u:p@127.0.0.1:1/pli", rpcUrl: anvil.rpcUrl };
      await expect(startIndexer({ ...options, deployment: { ...chain, chainId: 51 } })).rejects.toThrow(
        "The indexer was not started: CHAIN_ID is 51, but the endpoint at RPC_URL serves chain 31337",
      );
      await expect(startIndexer({ ...options, deployment: chain })).rejects.toThrow(
        `The indexer was not started: PLI_TOKEN_ADDRESS is ${chain.contracts.pliToken}, but chain 31337 has no contract code there`,
      );
    } finally {
      await anvil.stop();
    }
  });
});
