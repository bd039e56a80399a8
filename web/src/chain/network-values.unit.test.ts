import { XDC_NETWORKS } from "@pli/abis";
import { chainConfigResponseSchema } from "@pli/api/public-contract";
import { describe, expect, test } from "vitest";
import { chainFromConfig, networkOfConfig } from "./chain-definition";
import { NETWORK_PANEL_TEXT, networkValueRows } from "./network-values";

const config = (chainId: number) =>
  chainConfigResponseSchema.parse({
    chainId,
    rpcUrl: "http://127.0.0.1:8545",
    contracts: {
      pliToken: "0x33f4212b027e22af7e6ba21fc572843c0d701cd1",
      stakingRewards: "0xe7f1725e7734ce288f8367e1bb143e90bb3f0512",
      pluginFarm: "0x9fe46736679d2d9a65f0992f32ae96ff87b66808",
    },
    explorer: { txUrl: "https://explorer.local.test/txs/", addressUrl: "https://explorer.local.test/address/" },
  });

describe("the values of the portal's network, from the one registry", () => {
  test("Apothem and mainnet take XDC's public values, whatever RPC the portal itself reads through", () => {
    expect(networkValueRows(networkOfConfig(config(51)))).toEqual([
      { label: NETWORK_PANEL_TEXT.name, value: "XDC Apothem Network" },
      { label: NETWORK_PANEL_TEXT.rpcUrl, value: "https://erpc.apothem.network" },
      { label: NETWORK_PANEL_TEXT.chainId, value: "51" },
      { label: NETWORK_PANEL_TEXT.currency, value: "TXDC" },
      { label: NETWORK_PANEL_TEXT.explorer, value: "https://testnet.xdcscan.com" },
    ]);
    expect(networkOfConfig(config(50))).toBe(XDC_NETWORKS[50]);
  });

  test("a local chain is named by its id and takes the deployment's RPC URL and explorer", () => {
    expect(networkOfConfig(config(31337))).toEqual({
      chainId: 31337,
      name: "Local chain 31337",
      currency: { name: "XDC", symbol: "XDC", decimals: 18 },
      rpcUrl: "http://127.0.0.1:8545",
      explorerUrl: "https://explorer.local.test",
    });
  });

  test("the wallet is offered the same values when asked to add the network", () => {
    expect(chainFromConfig(config(51))).toMatchObject({
      name: "XDC Apothem Network",
      nativeCurrency: { symbol: "TXDC" },
      blockExplorers: { default: { url: "https://testnet.xdcscan.com" } },
      rpcUrls: { default: { http: ["http://127.0.0.1:8545"] } },
    });
  });
});
