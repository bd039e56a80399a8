import { afterEach, describe, expect, test, vi } from "vitest";
import { HttpError } from "@/shared/api/http";
import { chainConfigResponseSchema as chainConfigSchema } from "@pli/api/public-contract";
import { getChainConfig } from "./chain-config";
import { chainFromConfig } from "./chain-definition";

const apothem = {
  chainId: 51,
  rpcUrl: "https://erpc.apothem.network",
  contracts: {
    pliToken: "xdc33f4212b027e22af7e6ba21fc572843c0d701cd1",
    stakingRewards: "0xe7f1725e7734ce288f8367e1bb143e90bb3f0512",
    pluginFarm: "XDC9fe46736679d2d9a65f0992f32ae96ff87b66808",
  },
  explorer: { txUrl: "https://explorer.apothem.network/txs/", addressUrl: "https://explorer.apothem.network/address/" },
};

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("the runtime chain configuration", () => {
  test("normalises xdc-prefixed and lower-case addresses to checksummed 0x form", () => {
    const config = chainConfigSchema.parse(apothem);
    expect(config.contracts).toEqual({
      pliToken: "0x33f4212b027E22aF7e6BA21Fc572843C0D701CD1",
      stakingRewards: "0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512",
      pluginFarm: "0x9FE46736679d2d9A65f0992f32ae96ff87B66808",
    });
  });

  test("refuses a configuration that would point the wallet somewhere wrong", () => {
    expect(chainConfigSchema.safeParse({ ...apothem, rpcUrl: "ftp://node" }).success).toBe(false);
    expect(
      chainConfigSchema.safeParse({ ...apothem, contracts: { ...apothem.contracts, pliToken: "0x12" } }).success,
    ).toBe(false);
    expect(chainConfigSchema.safeParse({ ...apothem, chainId: "51" }).success).toBe(false);
  });

  test("names known XDC networks and any other chain id", () => {
    expect(chainFromConfig(chainConfigSchema.parse(apothem))).toMatchObject({ id: 51, name: "XDC Apothem Network" });
    const local = chainFromConfig(
      chainConfigSchema.parse({ ...apothem, chainId: 31337, rpcUrl: "http://127.0.0.1:8545" }),
    );
    expect(local).toMatchObject({
      id: 31337,
      nativeCurrency: { symbol: "XDC" },
      rpcUrls: { default: { http: ["http://127.0.0.1:8545"] } },
    });
  });

  test("is fetched from the API and a failed answer becomes an HttpError", async () => {
    const fetchMock = vi.fn(async () => Response.json(apothem));
    vi.stubGlobal("fetch", fetchMock);
    await expect(getChainConfig()).resolves.toMatchObject({ chainId: 51 });
    expect(fetchMock).toHaveBeenCalledWith("/api/config", expect.anything());

    vi.stubGlobal(
      "fetch",
      vi.fn(async () => Response.json({ errors: { config: "missing" } }, { status: 500 })),
    );
    await expect(getChainConfig()).rejects.toBeInstanceOf(HttpError);
  });
});
