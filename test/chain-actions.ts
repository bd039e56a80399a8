import { createPublicClient, createWalletClient, http, parseUnits, type Address, type Hex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { pluginTokenAbi, stakingRewardsAbi, type Deployment } from "@pli/abis";

/** Sends contract calls as one dev account and waits for each receipt; throws on revert. */
export function chainActor(rpcUrl: string, deployment: Deployment, key: Hex) {
  const account = privateKeyToAccount(key);
  const transport = http(rpcUrl);
  const publicClient = createPublicClient({ transport });
  const chain = {
    id: deployment.chainId,
    name: "test",
    nativeCurrency: { name: "XDC", symbol: "XDC", decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
  } as const;
  const wallet = createWalletClient({ account, transport, chain });
  const token = { address: deployment.contracts.pliToken, abi: pluginTokenAbi } as const;
  const staking = { address: deployment.contracts.stakingRewards, abi: stakingRewardsAbi } as const;
  const mined = async (hash: Hex) => {
    const receipt = await publicClient.waitForTransactionReceipt({ hash, pollingInterval: 20 });
    if (receipt.status !== "success") throw new Error(`transaction ${hash} reverted`);
    return receipt;
  };
  return {
    account,
    publicClient,
    whitelist: async (wallet_: Address, node: Address) => mined(await wallet.writeContract({ ...staking, functionName: "whiteListIt", args: [wallet_, node] })),
    approve: async (amount: bigint) => mined(await wallet.writeContract({ ...token, functionName: "approve", args: [deployment.contracts.stakingRewards, amount] })),
    stake: async (amount: bigint, node: Address) => mined(await wallet.writeContract({ ...staking, functionName: "stakeTokens", args: [amount, node] })),
    topup: async (amount: bigint, node: Address) => mined(await wallet.writeContract({ ...staking, functionName: "topupStake", args: [amount, node] })),
    /** Sends a top-up and returns as soon as the node accepted it (anvil mines it in that call). */
    sendTopup: (amount: bigint, node: Address) => wallet.writeContract({ ...staking, functionName: "topupStake", args: [amount, node] }),
  };
}

export const pli = (amount: string | number) => parseUnits(String(amount), 18);
