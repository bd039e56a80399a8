import { createWalletClient, getContractAddress, http, type Address, type Hex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import {
  execTransactionArgs,
  packSafeSignatures,
  safeL2Abi,
  safeTxTypedData,
  type Deployment,
  type SafeConfirmation,
  type SafeTx,
} from "@pli/abis";
import { createSafe, deploySafeContracts, fundSafe, handOwnershipToSafe } from "../contracts/scripts/safe.ts";
import { DEV_KEYS, SAFE_ADMIN_KEYS, SAFE_ADMINS, SAFE_THRESHOLD } from "../scripts/lib/dev-accounts.ts";
import { pli, startChain, type ChainClients } from "./chain.ts";

export { SAFE_ADMIN_KEYS, SAFE_ADMINS, SAFE_THRESHOLD };

/** Where the dev owner's first three deployments land: where the portal's contracts must stay. */
export const portalAddressesAtNonces = () =>
  [0n, 1n, 2n].map((nonce) => getContractAddress({ from: privateKeyToAccount(DEV_KEYS.owner).address, nonce }));

/**
 * A fresh chain with the portal's contracts, then the Safe 1.4.1 contracts and the demo 2-of-3 Safe (SAFE_ADMINS),
 * funded with PLI; with `handOver`, the Safe owns StakingRewards and PluginFarm.
 */
export async function startSafeChain(options: { handOver?: boolean; priceFeed?: boolean } = {}) {
  const chain = await startChain({ priceFeed: options.priceFeed });
  const rpcUrl = chain.anvil.rpcUrl;
  try {
    await deploySafeContracts({ rpcUrl, funderKey: DEV_KEYS.owner });
    const owners = SAFE_ADMINS.map((admin) => admin.address);
    const safe = await createSafe({ rpcUrl, funderKey: DEV_KEYS.owner, owners, threshold: SAFE_THRESHOLD });
    await fundSafe({
      rpcUrl,
      ownerKey: DEV_KEYS.owner,
      deployment: chain.deployment,
      safe: safe.address,
      pli: pli(1_000_000),
      owners,
    });
    if (options.handOver)
      await handOwnershipToSafe({
        rpcUrl,
        ownerKey: DEV_KEYS.owner,
        deployment: chain.deployment,
        safe: safe.address,
        expected: { owners, threshold: SAFE_THRESHOLD },
      });
    const deployment: Deployment = { ...chain.deployment, safe };
    return { ...chain, deployment, safe: safe.address, ...safeActions(chain, deployment) };
  } catch (error) {
    await chain.anvil.stop();
    throw error;
  }
}

/** Signing and executing Safe transactions with the demo admins' keys, as their wallets would. */
export function safeActions(chain: Pick<ChainClients, "publicClient" | "chain" | "mined">, deployment: Deployment) {
  const safe = deployment.safe!.address;
  const transport = http(chain.chain.rpcUrls.default.http[0]);
  const wallet = (key: Hex) => createWalletClient({ account: privateKeyToAccount(key), chain: chain.chain, transport });
  const contract = { address: safe, abi: safeL2Abi } as const;
  return {
    safeNonce: () => chain.publicClient.readContract({ ...contract, functionName: "nonce" }),
    /** `eth_signTypedData_v4` of the SafeTx by the admin holding `key`. */
    signTx: (key: Hex, tx: SafeTx) => wallet(key).signTypedData(safeTxTypedData(deployment.chainId, safe, tx)),
    /** `execTransaction` sent by the holder of `key` with the given confirmations. */
    exec: (key: Hex, tx: SafeTx, confirmations: SafeConfirmation[]) =>
      chain.mined(
        wallet(key).writeContract({
          ...contract,
          functionName: "execTransaction",
          args: execTransactionArgs(tx, packSafeSignatures(confirmations)),
        }),
      ),
    approveHash: (key: Hex, hash: Hex) =>
      chain.mined(wallet(key).writeContract({ ...contract, functionName: "approveHash", args: [hash] })),
    owners: (): Address[] => SAFE_ADMINS.map((admin) => admin.address),
  };
}
