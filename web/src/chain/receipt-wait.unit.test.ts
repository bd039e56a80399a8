import { createPublicClient, createTestClient, createWalletClient, http, parseGwei, type Hex } from "viem";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startAnvil, type Anvil } from "../../../scripts/lib/anvil";
import { devAccount } from "../../../scripts/lib/dev-accounts";
import { waitForReceipt } from "./receipt-wait";
import { TxFlowError, type TxFailure } from "./tx-failure";

let anvil: Anvil;
beforeAll(async () => {
  anvil = await startAnvil();
});
afterAll(async () => {
  await anvil?.stop();
});

const account = devAccount("owner");
const clients = () => {
  const transport = http(anvil.rpcUrl, { retryCount: 0 });
  return {
    chain: createTestClient({ mode: "anvil", transport }),
    reader: createPublicClient({ transport, pollingInterval: 50 }),
    wallet: createWalletClient({ account, transport }),
  };
};
const elsewhere = "0x00000000000000000000000000000000000000b0";
/** How long the first transaction stays pending before its replacement is sent. */
const REPLACE_AFTER_MS = 1_500;

/**
 * A transfer sent while the chain holds it unmined, then `replace` sent with the same nonce at a higher fee (as a
 * wallet's Cancel or Speed up does), then a block: what waiting for the first transaction's receipt ends in.
 */
async function replaced(replace: { to: Hex; value: bigint }): Promise<{ receiptOf: Hex } | { failure: TxFailure }> {
  const { chain, reader, wallet } = clients();
  await chain.setAutomine(false);
  try {
    const nonce = await reader.getTransactionCount({ address: account.address, blockTag: "pending" });
    const fee = { maxFeePerGas: parseGwei("20"), maxPriorityFeePerGas: parseGwei("1") };
    const sent = await wallet.sendTransaction({ to: elsewhere, value: 1000n, nonce, chain: null, ...fee });
    const waiting = waitForReceipt(reader, sent, 50).then(
      (receipt) => ({ receiptOf: receipt.transactionHash }),
      (error: unknown) => ({ failure: (error as TxFlowError).failure }),
    );
    // viem learns the first transaction's nonce from the node while it is pending; replaced before that, it cannot tell
    // a replacement from a transaction it has not seen yet. A loaded machine may take a while to ask.
    await new Promise((resolve) => setTimeout(resolve, REPLACE_AFTER_MS));
    const bumped = { maxFeePerGas: parseGwei("40"), maxPriorityFeePerGas: parseGwei("2") };
    await wallet.sendTransaction({ ...replace, nonce, chain: null, ...bumped });
    await chain.mine({ blocks: 1 });
    return await waiting;
  } finally {
    await chain.setAutomine(true);
  }
}

describe("waitForReceipt", { timeout: 30_000 }, () => {
  beforeEach(async () => {
    await clients().chain.setAutomine(true);
  });

  it("answers the receipt of a transaction mined as sent", async () => {
    const { reader, wallet } = clients();
    const sent = await wallet.sendTransaction({ to: elsewhere, value: 1n, chain: null });
    expect((await waitForReceipt(reader, sent, 50)).transactionHash).toBe(sent);
  });

  it("fails as cancelled when the wallet's Cancel replaced it (nothing sent to oneself), though that receipt is a success", async () => {
    const outcome = await replaced({ to: account.address, value: 0n });
    expect(outcome).toMatchObject({ failure: { kind: "replaced", cancelled: true } });
  });

  it("fails as replaced when another transaction took its nonce", async () => {
    expect(await replaced({ to: elsewhere, value: 5n })).toMatchObject({
      failure: { kind: "replaced", cancelled: false },
    });
  });

  it("answers the new receipt when the wallet only raised the fee (Speed up: the same transfer)", async () => {
    const outcome = await replaced({ to: elsewhere, value: 1000n });
    expect(outcome).toHaveProperty("receiptOf");
  });
});
