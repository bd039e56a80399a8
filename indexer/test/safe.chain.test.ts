import { encodeFunctionData, type Address } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { plainSafeTx, safeL2Abi, safeTxHash, stakingRewardsAbi } from "@pli/abis";
import { SAFE_ADMIN_KEYS, SAFE_ADMINS } from "../../test/safe.ts";
import { NODE_A, safeChainFixture, type SafeChainFixture } from "./fixture.ts";

const lower = (value: string) => value.toLowerCase();
const [first, second, third] = SAFE_ADMIN_KEYS;
const [admin1, admin2, admin3] = SAFE_ADMINS.map((admin) => admin.address) as [Address, Address, Address];

let f: SafeChainFixture;
beforeAll(async () => {
  f = await safeChainFixture();
  await f.startIndexer();
}, 120_000);
afterAll(async () => {
  await f?.stop();
});

describe("the indexer follows the Safe", () => {
  it("records its owners and threshold from its setup", async () => {
    await f.synced();
    const owners = await f.db.selectFrom("chain.safe_owner").select("owner").orderBy("owner").execute();
    expect(owners.map((row) => row.owner)).toEqual([admin1, admin2, admin3].map(lower).sort());
    const state = await f.db.selectFrom("chain.safe_state").selectAll().executeTakeFirstOrThrow();
    expect(state).toMatchObject({ safe: lower(f.safe), threshold: 2, nonce: "0" });
  });

  it("records an execution with its safeTxHash, nonce and executor, and an on-chain approval", async () => {
    const wallet = f.as("validator").address;
    const tx = plainSafeTx(
      {
        to: f.deployment.contracts.stakingRewards,
        data: encodeFunctionData({ abi: stakingRewardsAbi, functionName: "whiteListIt", args: [wallet, NODE_A] }),
      },
      0n,
    );
    const hash = safeTxHash(f.deployment.chainId, f.safe, tx);
    const approval = await f.approveHash(second, hash);
    const executed = await f.exec(third, tx, [
      { owner: admin1, signature: await f.signTx(first, tx) },
      { owner: admin2, approvedHash: true },
    ]);
    await f.synced();

    expect(await f.db.selectFrom("chain.safe_approval").selectAll().execute()).toEqual([
      expect.objectContaining({ safe_tx_hash: hash, owner: lower(admin2), tx_hash: approval.transactionHash }),
    ]);
    expect(await f.db.selectFrom("chain.safe_execution").selectAll().execute()).toEqual([
      expect.objectContaining({
        safe_tx_hash: hash,
        nonce: "0",
        executor: lower(admin3),
        status: "success",
        tx_hash: executed.transactionHash,
      }),
    ]);
    const state = await f.db.selectFrom("chain.safe_state").select("nonce").executeTakeFirstOrThrow();
    expect(state.nonce).toBe("1");
    const whitelisted = await f.db.selectFrom("chain.whitelist").selectAll().execute();
    expect(whitelisted).toEqual([expect.objectContaining({ wallet: lower(wallet), whitelisted_by: lower(f.safe) })]);
  });

  it("follows owner and threshold changes made through the Safe itself", async () => {
    const newcomer = f.as("outsider").address;
    const tx = plainSafeTx(
      {
        to: f.safe,
        data: encodeFunctionData({ abi: safeL2Abi, functionName: "addOwnerWithThreshold", args: [newcomer, 3n] }),
      },
      await f.safeNonce(),
    );
    await f.exec(first, tx, [
      { owner: admin1, signature: await f.signTx(first, tx) },
      { owner: admin3, signature: await f.signTx(third, tx) },
    ]);
    await f.synced();
    const owners = await f.db.selectFrom("chain.safe_owner").select("owner").execute();
    expect(owners.map((row) => row.owner)).toContain(lower(newcomer));
    const state = await f.db.selectFrom("chain.safe_state").selectAll().executeTakeFirstOrThrow();
    expect(state).toMatchObject({ threshold: 3, nonce: "2" });
  });
});
