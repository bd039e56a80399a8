import type { Page } from "playwright-core";
import { createPublicClient, http, parseEther, recoverTypedDataAddress, verifyMessage, type Hex } from "viem";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startAnvil, type Anvil } from "../../scripts/lib/anvil.ts";
import { ANVIL_CHAIN_ID, DEV_KEYS, devAccount } from "../../scripts/lib/dev-accounts.ts";
import { openPage, useBrowser } from "./browser.ts";
import { TEST_WALLET_INFO, TestWallet } from "./wallet.ts";
import { receiptOf } from "../../scripts/lib/receipt.ts";

const ORIGIN = "http://wallet.test";
const browser = useBrowser();
let anvil: Anvil;

beforeAll(async () => {
  anvil = await startAnvil();
});
afterAll(async () => {
  await anvil?.stop();
});

/** A blank page on a fake origin, with the wallet injected. */
async function walletPage(wallet: TestWallet): Promise<Page> {
  const page = await openPage(browser.current, { baseURL: ORIGIN, wallet });
  await page.route(`${ORIGIN}/**`, (route) =>
    route.fulfill({ contentType: "text/html", body: "<!doctype html><title>wallet</title>" }),
  );
  await page.goto("/");
  return page;
}

type PageRequest = { method: string; params?: unknown[] };

/** Calls window.ethereum.request in the page; a rejection comes back as `{ code, message }`. */
function request(page: Page, call: PageRequest): Promise<unknown> {
  return page.evaluate(async (args) => {
    const provider = (globalThis as unknown as { ethereum: { request(args: PageRequest): Promise<unknown> } }).ethereum;
    try {
      return { result: await provider.request(args) };
    } catch (error) {
      const { code, message } = error as { code: number; message: string };
      return { error: { code, message } };
    }
  }, call);
}

describe("the injected test wallet", () => {
  test("announces itself through EIP-6963 and as window.ethereum", async () => {
    const page = await walletPage(new TestWallet({ privateKey: DEV_KEYS.validator, rpcUrl: anvil.rpcUrl }));
    const announced = await page.evaluate(() => {
      const window = globalThis as unknown as EventTarget & { ethereum: unknown };
      const detail: { info?: unknown; provider?: unknown } = {};
      window.addEventListener("eip6963:announceProvider", (event) =>
        Object.assign(detail, (event as CustomEvent).detail),
      );
      window.dispatchEvent(new Event("eip6963:requestProvider"));
      return { info: detail.info, same: detail.provider === window.ethereum };
    });
    expect(announced).toEqual({ info: TEST_WALLET_INFO, same: true });
    await page.context().close();
  });

  test("connects, signs messages and typed data with its key, and rejects the next signature on demand", async () => {
    const wallet = new TestWallet({ privateKey: DEV_KEYS.validator, rpcUrl: anvil.rpcUrl });
    const page = await walletPage(wallet);
    expect(await request(page, { method: "eth_accounts" })).toEqual({ result: [] });
    expect(await request(page, { method: "eth_requestAccounts" })).toEqual({ result: [wallet.address] });
    expect(await request(page, { method: "eth_chainId" })).toEqual({ result: `0x${ANVIL_CHAIN_ID.toString(16)}` });

    const message = "Sign in to the PLI portal";
    const signed = (await request(page, {
      method: "personal_sign",
      params: [`0x${Buffer.from(message).toString("hex")}`, wallet.address],
    })) as { result: Hex };
    expect(await verifyMessage({ address: wallet.address, message, signature: signed.result })).toBe(true);

    const typedData = {
      domain: { name: "PLI", version: "1", chainId: ANVIL_CHAIN_ID },
      types: { Login: [{ name: "wallet", type: "address" }] },
      primaryType: "Login" as const,
      message: { wallet: wallet.address },
    };
    const typed = (await request(page, {
      method: "eth_signTypedData_v4",
      params: [wallet.address, JSON.stringify(typedData)],
    })) as { result: Hex };
    expect(await recoverTypedDataAddress({ ...typedData, signature: typed.result })).toBe(wallet.address);

    wallet.rejectNextSignature();
    expect(await request(page, { method: "personal_sign", params: ["0x00", wallet.address] })).toMatchObject({
      error: { code: 4001 },
    });
    expect(await request(page, { method: "personal_sign", params: ["0x00", wallet.address] })).toHaveProperty("result");
    await page.context().close();
  });

  test("sends transactions on the chain and forwards reads to the RPC", async () => {
    const wallet = new TestWallet({ privateKey: DEV_KEYS.validator, rpcUrl: anvil.rpcUrl });
    const page = await walletPage(wallet);
    await request(page, { method: "eth_requestAccounts" });
    const to = devAccount("outsider").address;
    const value = parseEther("1.5");
    const sent = (await request(page, {
      method: "eth_sendTransaction",
      params: [{ from: wallet.address, to, value: `0x${value.toString(16)}` }],
    })) as { result: Hex };

    const client = createPublicClient({ transport: http(anvil.rpcUrl) });
    const receipt = await receiptOf(client, sent.result);
    expect(receipt).toMatchObject({ status: "success", from: wallet.address.toLowerCase(), to: to.toLowerCase() });
    expect(await request(page, { method: "eth_blockNumber" })).toEqual({
      result: `0x${receipt.blockNumber.toString(16)}`,
    });
    await page.context().close();
  });

  test("switches account at runtime and tells the page through accountsChanged", async () => {
    const wallet = new TestWallet({ privateKey: DEV_KEYS.validator, rpcUrl: anvil.rpcUrl });
    const page = await walletPage(wallet);
    await request(page, { method: "eth_requestAccounts" });
    await page.evaluate(() => {
      const target = globalThis as unknown as {
        ethereum: { on(event: string, listener: (accounts: string[]) => void): void };
        seen: string[][];
      };
      target.seen = [];
      target.ethereum.on("accountsChanged", (accounts) => target.seen.push(accounts));
    });

    await wallet.switchAccount(DEV_KEYS.standby);
    expect(wallet.address).toBe(devAccount("standby").address);
    expect(await page.evaluate(() => (globalThis as unknown as { seen: string[][] }).seen)).toEqual([[wallet.address]]);
    expect(await request(page, { method: "eth_accounts" })).toEqual({ result: [wallet.address] });
    await page.context().close();
  });

  test("moves between chains: unknown ones are refused with 4902, the page gets chainChanged", async () => {
    const wallet = new TestWallet({ privateKey: DEV_KEYS.validator, rpcUrl: anvil.rpcUrl });
    const page = await walletPage(wallet);
    const anvilChain = `0x${ANVIL_CHAIN_ID.toString(16)}`;
    await page.evaluate(() => {
      const target = globalThis as unknown as {
        ethereum: { on(event: string, listener: (chainId: string) => void): void };
        chains: string[];
      };
      target.chains = [];
      target.ethereum.on("chainChanged", (chainId) => target.chains.push(chainId));
    });

    await wallet.switchChain(50);
    expect(await request(page, { method: "eth_chainId" })).toEqual({ result: "0x32" });
    expect(await request(page, { method: "wallet_switchEthereumChain", params: [{ chainId: "0x33" }] })).toMatchObject({
      error: { code: 4902 },
    });
    expect(await request(page, { method: "wallet_switchEthereumChain", params: [{ chainId: anvilChain }] })).toEqual({
      result: null,
    });
    expect(
      await request(page, {
        method: "wallet_addEthereumChain",
        params: [{ chainId: "0x33", rpcUrls: [anvil.rpcUrl] }],
      }),
    ).toEqual({ result: null });
    expect(await page.evaluate(() => (globalThis as unknown as { chains: string[] }).chains)).toEqual([
      "0x32",
      anvilChain,
      "0x33",
    ]);
    await page.context().close();
  });
});

type LegacyPageRequest = { method: string; params?: unknown[] };

/** Calls window.xdc.sendAsync in the page, as a dapp of XDCPay 1.x's time did; an error comes back as its message. */
function sendAsync(page: Page, call: LegacyPageRequest): Promise<{ result?: unknown; error?: string }> {
  return page.evaluate(
    (args) =>
      new Promise((resolve) => {
        const provider = (
          globalThis as unknown as {
            xdc: {
              sendAsync(payload: object, callback: (error: Error | null, answer?: { result: unknown }) => void): void;
            };
          }
        ).xdc;
        provider.sendAsync({ jsonrpc: "2.0", id: 1, method: args.method, params: args.params ?? [] }, (error, answer) =>
          resolve(error ? { error: error.message } : { result: answer?.result }),
        );
      }),
    call,
  );
}

/** Calls window.xdc.enable() in the page, as a dapp of XDCPay 1.x's time connected; answers the accounts. */
const enable = (page: Page) =>
  page.evaluate(() => (globalThis as unknown as { xdc: { enable(): Promise<unknown> } }).xdc.enable());

describe("the test wallet in legacy mode (XDCPay 1.x)", () => {
  /** The validator's wallet as XDCPay 1.x is (legacy, its account written xdc…), on a page of its own. */
  async function xdcPayPage() {
    const wallet = new TestWallet({
      privateKey: DEV_KEYS.validator,
      rpcUrl: anvil.rpcUrl,
      kind: "legacy",
      xdcAddresses: true,
    });
    return { wallet, page: await walletPage(wallet), xdcAddress: `xdc${wallet.address.slice(2)}` };
  }

  test("is window.xdc and window.ethereum with only send/sendAsync, announces nothing, and connects through enable()", async () => {
    const { page, xdcAddress } = await xdcPayPage();
    const shape = await page.evaluate(() => {
      const window = globalThis as unknown as EventTarget & Record<string, Record<string, unknown> | undefined>;
      let announced = false;
      window.addEventListener("eip6963:announceProvider", () => (announced = true));
      window.dispatchEvent(new Event("eip6963:requestProvider"));
      const provider = window.xdc!;
      return {
        same: provider === window.ethereum,
        request: typeof provider.request,
        sendAsync: typeof provider.sendAsync,
        send: typeof provider.send,
        announced,
      };
    });
    expect(shape).toEqual({
      same: true,
      request: "undefined",
      sendAsync: "function",
      send: "function",
      announced: false,
    });

    expect(await sendAsync(page, { method: "eth_accounts" })).toEqual({ result: [] });
    expect(await enable(page)).toEqual([xdcAddress]);
    expect(await sendAsync(page, { method: "eth_accounts" })).toEqual({ result: [xdcAddress] });
    expect(
      await page.evaluate(
        () =>
          (globalThis as unknown as { xdc: { send(payload: object): { result: unknown } } }).xdc.send({
            method: "eth_accounts",
          }).result,
      ),
    ).toEqual([xdcAddress]);
    await page.context().close();
  });

  test("signs messages and v3 typed data; v4, network switching and eth_requestAccounts are unknown to it", async () => {
    const { wallet, page, xdcAddress } = await xdcPayPage();
    await enable(page);
    const message = "Sign in to the PLI portal";
    const signed = await sendAsync(page, {
      method: "personal_sign",
      params: [`0x${Buffer.from(message).toString("hex")}`, xdcAddress],
    });
    expect(await verifyMessage({ address: wallet.address, message, signature: signed.result as Hex })).toBe(true);

    const typedData = {
      domain: { name: "PLI", version: "1", chainId: ANVIL_CHAIN_ID },
      types: { Login: [{ name: "wallet", type: "address" }] },
      primaryType: "Login" as const,
      message: { wallet: wallet.address },
    };
    const typed = await sendAsync(page, {
      method: "eth_signTypedData_v3",
      params: [wallet.address, JSON.stringify(typedData)],
    });
    expect(await recoverTypedDataAddress({ ...typedData, signature: typed.result as Hex })).toBe(wallet.address);
    for (const method of [
      "eth_signTypedData_v4",
      "wallet_switchEthereumChain",
      "wallet_addEthereumChain",
      "eth_requestAccounts",
    ])
      expect(await sendAsync(page, { method, params: [] })).toEqual({
        error: `the method ${method} does not exist/is not available`,
      });

    wallet.rejectNextSignature();
    expect(await sendAsync(page, { method: "personal_sign", params: ["0x00", xdcAddress] })).toEqual({
      error: "User rejected the request.",
    });
    await page.context().close();
  });

  test("tells the page of a new account or network through its public store", async () => {
    const wallet = new TestWallet({ privateKey: DEV_KEYS.validator, rpcUrl: anvil.rpcUrl, kind: "legacy" });
    const page = await walletPage(wallet);
    await page.evaluate(() => {
      const target = globalThis as unknown as {
        xdc: { enable(): Promise<unknown>; publicConfigStore: { subscribe(listener: (state: unknown) => void): void } };
        states: unknown[];
      };
      target.states = [];
      target.xdc.publicConfigStore.subscribe((state) => target.states.push(state));
      return target.xdc.enable();
    });
    await wallet.switchChain(50);
    await wallet.switchAccount(DEV_KEYS.standby);
    expect(await page.evaluate(() => (globalThis as unknown as { states: unknown[] }).states)).toEqual([
      { selectedAddress: devAccount("validator").address, networkVersion: "50" },
      { selectedAddress: devAccount("standby").address, networkVersion: "50" },
    ]);
    await page.context().close();
  });
});
