import { createPublicClient, createWalletClient, http, TransactionReceiptNotFoundError, type Hash } from "viem";
import { afterAll, beforeAll, expect, test } from "vitest";
import { startAnvil, type Anvil } from "./anvil.ts";
import { devAccount } from "./dev-accounts.ts";
import { receiptOf } from "./receipt.ts";

let anvil: Anvil;
beforeAll(async () => {
  anvil = await startAnvil();
});
afterAll(async () => {
  await anvil?.stop();
});

const reader = () => createPublicClient({ transport: http(anvil.rpcUrl, { retryCount: 0 }) });

test("a receipt the node could not read at first is asked for again with no new block", async () => {
  const wallet = createWalletClient({ account: devAccount("owner"), transport: http(anvil.rpcUrl) });
  const hash = await wallet.sendTransaction({ to: devAccount("owner").address, value: 1n, chain: null });
  const node = reader();
  // anvil may mine the transaction a moment after answering its hash (a loaded machine): the head is read once it has.
  await node.waitForTransactionReceipt({ hash, pollingInterval: 50 });
  const head = await node.getBlockNumber({ cacheTime: 0 });
  let asked = 0;
  const underLoad = {
    getTransaction: node.getTransaction,
    getTransactionReceipt: async (args: { hash: Hash }) => {
      asked += 1;
      if (asked <= 3) throw new TransactionReceiptNotFoundError({ hash: args.hash });
      return node.getTransactionReceipt(args);
    },
  };
  const receipt = await receiptOf(underLoad, hash, { timeoutMs: 5_000 });
  expect(receipt.transactionHash).toBe(hash);
  expect(receipt.status).toBe("success");
  expect(asked).toBe(4);
  expect(await node.getBlockNumber({ cacheTime: 0 })).toBe(head);
});

test("a transaction the node never saw ends in an error that says so", async () => {
  const unknown = `0x${"ab".repeat(32)}` as Hash;
  await expect(receiptOf(reader(), unknown, { timeoutMs: 200 })).rejects.toThrow(
    `Timed out after 200 ms waiting for the receipt of ${unknown}`,
  );
  await expect(receiptOf(reader(), unknown, { timeoutMs: 200 })).rejects.toThrow("(the node does not know it)");
});
