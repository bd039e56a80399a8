import { createPublicClient, createTestClient, createWalletClient, http, type Hex } from "viem";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startAnvil, type Anvil } from "../../../scripts/lib/anvil";
import { devAccount } from "../../../scripts/lib/dev-accounts";
import { pendingTxOnChain, readPendingTx, rememberPendingTx } from "./pending-tx";

/** The browser's local storage, as the web app has it. */
class MemoryStorage {
  #items = new Map<string, string>();
  getItem = (key: string) => this.#items.get(key) ?? null;
  setItem = (key: string, value: string) => void this.#items.set(key, value);
  removeItem = (key: string) => void this.#items.delete(key);
}

let anvil: Anvil;
/** Node's own localStorage, if it has one, put back after the file (the unit files share the worker's globals). */
const nodeStorage = Object.getOwnPropertyDescriptor(globalThis, "localStorage");
beforeAll(async () => {
  anvil = await startAnvil();
});
afterAll(async () => {
  if (nodeStorage) Object.defineProperty(globalThis, "localStorage", nodeStorage);
  else Reflect.deleteProperty(globalThis, "localStorage");
  await anvil?.stop();
});
beforeEach(() => {
  Object.defineProperty(globalThis, "localStorage", { value: new MemoryStorage(), configurable: true });
});

const KEY = "31337:0xwallet:stake:node-1";
const clients = () => {
  const transport = http(anvil.rpcUrl, { retryCount: 0 });
  return {
    chain: createTestClient({ mode: "anvil", transport }),
    reader: createPublicClient({ transport }),
    wallet: createWalletClient({ account: devAccount("owner"), transport }),
  };
};
const send = () =>
  clients().wallet.sendTransaction({ to: "0x00000000000000000000000000000000000000b0", value: 1n, chain: null });

describe("pendingTxOnChain (what holds a stake or a deposit until its transaction is mined)", () => {
  it("keeps a transaction the chain has pending, and forgets it once mined", async () => {
    const { chain, reader } = clients();
    await chain.setAutomine(false);
    try {
      const hash = await send();
      rememberPendingTx(KEY, hash);
      expect(await pendingTxOnChain(reader, KEY)).toBe(hash);
      expect(readPendingTx(KEY)).toBe(hash);
      await chain.mine({ blocks: 1 });
      expect(await pendingTxOnChain(reader, KEY)).toBeNull();
      expect(readPendingTx(KEY)).toBeNull();
    } finally {
      await chain.setAutomine(true);
    }
  });

  it("keeps a transaction the node does not know yet for 10 minutes after it was sent, then forgets it (dropped)", async () => {
    const unknown = `0x${"ab".repeat(32)}` as Hex;
    const sentAt = Date.UTC(2026, 11, 1, 12, 0, 0);
    rememberPendingTx(KEY, unknown, sentAt);
    expect(await pendingTxOnChain(clients().reader, KEY, sentAt + 1_000)).toBe(unknown);
    expect(await pendingTxOnChain(clients().reader, KEY, sentAt + 9 * 60_000)).toBe(unknown);
    expect(readPendingTx(KEY)).toBe(unknown);
    expect(await pendingTxOnChain(clients().reader, KEY, sentAt + 10 * 60_000)).toBeNull();
    expect(readPendingTx(KEY)).toBeNull();
  });

  it("throws, keeping the transaction, when the chain cannot be asked (the hook then counts it as pending)", async () => {
    const hash = await send();
    rememberPendingTx(KEY, hash);
    const unreachable = createPublicClient({ transport: http("http://127.0.0.1:1", { retryCount: 0 }) });
    await expect(pendingTxOnChain(unreachable, KEY)).rejects.toThrow();
    expect(readPendingTx(KEY)).toBe(hash);
  });
});
