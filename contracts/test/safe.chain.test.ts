import { createRequire } from "node:module";
import {
  createPublicClient,
  createWalletClient,
  encodeFunctionData,
  getAddress,
  http,
  parseEventLogs,
  type Abi,
  type Address,
  type Hex,
} from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { afterEach, describe, expect, it } from "vitest";
import {
  multiSendCall,
  plainSafeTx,
  pluginTokenAbi,
  SAFE_141,
  safeL2Abi,
  safeTxHash,
  stakingRewardsAbi,
} from "@pli/abis";
import { createSafe, handOwnershipToSafe, SafeCheckError } from "../scripts/safe.ts";
import { receiptOf } from "../../scripts/lib/receipt.ts";
import { DEV_KEYS } from "../../scripts/lib/dev-accounts.ts";
import { pli } from "../../test/chain.ts";
import { portalAddressesAtNonces, SAFE_ADMIN_KEYS, SAFE_ADMINS, startSafeChain } from "../../test/safe.ts";

const NODE: Address = "0x1000000000000000000000000000000000000001";
const [first, second, third] = SAFE_ADMIN_KEYS;

let stop: (() => Promise<void>) | undefined;
afterEach(async () => {
  await stop?.();
  stop = undefined;
});

async function chain(options: Parameters<typeof startSafeChain>[0]) {
  const started = await startSafeChain(options);
  stop = () => started.anvil.stop();
  return started;
}

/**
 * A Safe 1.4.1 proxy of the L1 Safe contract (deployed here: the portal never deploys it) with `owners` and 2 of them
 * to confirm. It answers getOwners, getThreshold and VERSION like a SafeL2, and emits no SafeMultiSigTransaction.
 */
async function l1SafeOf(rpcUrl: string, owners: Address[]): Promise<Address> {
  const artifact = createRequire(import.meta.url)(
    "@safe-global/safe-contracts/build/artifacts/contracts/Safe.sol/Safe.json",
  ) as {
    abi: Abi;
    bytecode: Hex;
  };
  const account = privateKeyToAccount(DEV_KEYS.owner);
  const wallet = createWalletClient({ account, transport: http(rpcUrl) });
  const publicClient = createPublicClient({ transport: http(rpcUrl) });
  const hash = await wallet.deployContract({ abi: artifact.abi, bytecode: artifact.bytecode, chain: null });
  const { contractAddress } = await receiptOf(publicClient, hash);
  const safe = await createSafe({
    rpcUrl,
    funderKey: DEV_KEYS.owner,
    owners,
    threshold: 2,
    singleton: contractAddress!,
  });
  return safe.address;
}

describe("Safe 1.4.1 on the portal's chain", () => {
  it("lands at the canonical addresses after the portal's contracts, whose addresses do not move", async () => {
    const { publicClient, deployment, safe } = await chain({});
    const [pliToken, stakingRewards, pluginFarm] = portalAddressesAtNonces();
    expect(deployment.contracts).toMatchObject({ pliToken, stakingRewards, pluginFarm });
    for (const address of Object.values(SAFE_141)) {
      const code = await publicClient.getCode({ address });
      expect(code?.length ?? 0, address).toBeGreaterThan(2);
    }
    const contract = { address: safe, abi: safeL2Abi } as const;
    expect(await publicClient.readContract({ ...contract, functionName: "VERSION" })).toBe("1.4.1");
    expect(await publicClient.readContract({ ...contract, functionName: "getThreshold" })).toBe(2n);
    expect(await publicClient.readContract({ ...contract, functionName: "getOwners" })).toEqual(
      SAFE_ADMINS.map((admin) => admin.address),
    );
    const safePli = await publicClient.readContract({
      address: deployment.contracts.pliToken,
      abi: pluginTokenAbi,
      functionName: "balanceOf",
      args: [safe],
    });
    expect(safePli).toBe(pli(1_000_000));
  });

  it("refuses to hand the contracts to anything but the expected Safe, and leaves the owner as it was", async () => {
    const started = await chain({});
    const { anvil, deployment, safe, as } = started;
    const owners = SAFE_ADMINS.map((admin) => admin.address);
    const handOver = (target: Address, expected: { owners: Address[]; threshold: number }) =>
      handOwnershipToSafe({ rpcUrl: anvil.rpcUrl, ownerKey: DEV_KEYS.owner, deployment, safe: target, expected });

    await expect(handOver(as("outsider").address, { owners, threshold: 2 })).rejects.toThrow(SafeCheckError);
    const l1 = await l1SafeOf(anvil.rpcUrl, owners);
    await expect(handOver(l1, { owners, threshold: 2 })).rejects.toThrow(/not SafeL2 1\.4\.1/);
    await expect(handOver(safe, { owners, threshold: 3 })).rejects.toThrow(/needs 2 confirmations, not 3/);
    await expect(handOver(safe, { owners: owners.slice(0, 2), threshold: 2 })).rejects.toThrow(
      /not the expected owners/,
    );
    expect(await as("owner").staking.read.owner()).toBe(as("owner").address);

    await handOver(safe, { owners, threshold: 2 });
    expect(await as("owner").staking.read.owner()).toBe(safe);
    expect(await as("owner").farm.read.owner()).toBe(safe);
  });

  it("once the Safe owns the contracts, one key moves nothing and two of three do", async () => {
    const { as, mined, deployment, safe, signTx, exec, safeNonce, approveHash } = await chain({
      handOver: true,
    });
    const validator = as("validator").address;
    await expect(mined(as("owner").staking.write.whiteListIt([validator, NODE]))).rejects.toThrow();

    const whitelist = plainSafeTx(
      {
        to: deployment.contracts.stakingRewards,
        data: encodeFunctionData({ abi: stakingRewardsAbi, functionName: "whiteListIt", args: [validator, NODE] }),
      },
      await safeNonce(),
    );
    const one = [{ owner: SAFE_ADMINS[0]!.address, signature: await signTx(first, whitelist) }];
    await expect(exec(third, whitelist, one)).rejects.toThrow();

    const hash = safeTxHash(deployment.chainId, safe, whitelist);
    await approveHash(second, hash);
    const receipt = await exec(third, whitelist, [...one, { owner: SAFE_ADMINS[1]!.address, approvedHash: true }]);
    const [whitelisted] = parseEventLogs({ abi: stakingRewardsAbi, logs: receipt.logs, eventName: "Whitelisted" });
    expect(whitelisted?.args).toMatchObject({ wallet: validator, node: getAddress(NODE), by: safe });
    expect(await safeNonce()).toBe(1n);

    // A reward deposit from the Safe's own PLI: approve and deposit in one Safe transaction through MultiSendCallOnly.
    const amount = pli(250_000);
    const deposit = plainSafeTx(
      multiSendCall([
        {
          to: deployment.contracts.pliToken,
          data: encodeFunctionData({
            abi: pluginTokenAbi,
            functionName: "approve",
            args: [deployment.contracts.stakingRewards, amount],
          }),
        },
        {
          to: deployment.contracts.stakingRewards,
          data: encodeFunctionData({ abi: stakingRewardsAbi, functionName: "depositReward", args: [amount] }),
        },
      ]),
      await safeNonce(),
    );
    const batch = await exec(first, deposit, [
      { owner: SAFE_ADMINS[2]!.address, signature: await signTx(third, deposit) },
      { owner: SAFE_ADMINS[1]!.address, signature: await signTx(second, deposit) },
    ]);
    const [deposited] = parseEventLogs({ abi: stakingRewardsAbi, logs: batch.logs, eventName: "RewardDeposited" });
    expect(deposited?.args).toMatchObject({ from: safe, amount });
    const [executed] = parseEventLogs({ abi: safeL2Abi, logs: batch.logs, eventName: "ExecutionSuccess" });
    expect(executed?.args.txHash).toBe(safeTxHash(deployment.chainId, safe, deposit));
  });
});
