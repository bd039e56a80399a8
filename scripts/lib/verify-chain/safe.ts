import { createPublicClient, createWalletClient, http, type Address, type Hex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import {
  execTransactionArgs,
  packSafeSignatures,
  plainSafeTx,
  safeL2Abi,
  safeTxTypedData,
  stakingRewardsAbi,
  type Deployment,
} from "@pli/abis";
import { createSafe, deploySafeContracts } from "../../../contracts/scripts/safe.ts";
import { DEV_KEYS, SAFE_ADMIN_KEYS, SAFE_ADMINS, SAFE_THRESHOLD } from "../dev-accounts.ts";
import type { HarnessChain, Mined } from "./chain.ts";
import { receiptOf } from "../receipt.ts";

/** Gas for one execTransaction carrying a payout: the payRewards batch's own and the Safe's checks on top. */
const SAFE_EXEC_GAS = 3_000_000n;

/**
 * `--safe`: the Safe 1.4.1 contracts and the demo 2-of-3 Safe on the harness's chain, made an operator of
 * StakingRewards, so that payouts go through it while the owner keeps its other actions.
 */
export async function deployOperatorSafe(rpcUrl: string, deployment: Deployment): Promise<Deployment> {
  await deploySafeContracts({ rpcUrl, funderKey: DEV_KEYS.owner });
  const owners = SAFE_ADMINS.map((admin) => admin.address);
  const safe = await createSafe({ rpcUrl, funderKey: DEV_KEYS.owner, owners, threshold: SAFE_THRESHOLD });
  const owner = createWalletClient({ account: privateKeyToAccount(DEV_KEYS.owner), transport: http(rpcUrl) });
  const sendTo = (to: Address, value: bigint) => owner.sendTransaction({ to, value, chain: null });
  const client = createPublicClient({ transport: http(rpcUrl) });
  const mined = async (hash: Hex) => {
    const receipt = await receiptOf(client, hash);
    if (receipt.status !== "success") throw new Error(`Safe setup transaction ${hash} reverted`);
  };
  await mined(
    await owner.writeContract({
      address: deployment.contracts.stakingRewards,
      abi: stakingRewardsAbi,
      functionName: "setOperator",
      args: [safe.address, true],
      chain: null,
    }),
  );
  for (const admin of owners) await mined(await sendTo(admin, 10n ** 20n));
  return { ...deployment, safe };
}

/**
 * Sends `data` to `to` as a Safe transaction: the first two demo admins sign the SafeTx (EIP-712), the third executes.
 * The receipt is judged like a direct call's: a reverted inner call reverts the whole execTransaction (safeTxGas 0).
 */
export async function sendThroughSafe(chain: HarnessChain, safe: Address, to: Address, data: Hex): Promise<Mined> {
  const chainId = await chain.publicClient.getChainId();
  const nonce = await chain.publicClient.readContract({ address: safe, abi: safeL2Abi, functionName: "nonce" });
  const tx = plainSafeTx({ to, data }, nonce);
  const transport = http(chain.chain.rpcUrls.default.http[0]);
  const wallet = (key: Hex) => createWalletClient({ account: privateKeyToAccount(key), transport });
  const confirmations = await Promise.all(
    SAFE_ADMIN_KEYS.slice(0, SAFE_THRESHOLD).map(async (key) => ({
      owner: privateKeyToAccount(key).address,
      signature: await wallet(key).signTypedData(safeTxTypedData(chainId, safe, tx)),
    })),
  );
  return chain.mined(
    wallet(SAFE_ADMIN_KEYS[SAFE_THRESHOLD]!).writeContract({
      address: safe,
      abi: safeL2Abi,
      functionName: "execTransaction",
      args: execTransactionArgs(tx, packSafeSignatures(confirmations)),
      chain: null,
      ...chain.tx,
      gas: SAFE_EXEC_GAS,
    }),
  );
}
