import { pluginTokenAbi } from "@pli/abis";
import type { Address } from "viem";
import { useBalance, useReadContract } from "wagmi";
import { liveMeta } from "@/shared/live/live-store";
import { useChainConfig } from "./chain-config";

/**
 * PLI (token balanceOf) and native XDC balances of `address`: refreshed every 15 s, and at once when the chain shows a
 * stake or reward of the wallet.
 */
export function useWalletBalances(address: Address | undefined) {
  const config = useChainConfig();
  const pli = useReadContract({
    address: config.contracts.pliToken,
    abi: pluginTokenAbi,
    functionName: "balanceOf",
    args: address ? [address] : undefined,
    query: { enabled: Boolean(address), refetchInterval: 15_000, meta: liveMeta("stake", "reward") },
  });
  const native = useBalance({
    address,
    query: { enabled: Boolean(address), refetchInterval: 15_000, meta: liveMeta("stake", "reward") },
  });
  return { pli: pli.data, native: native.data?.value };
}
