import { pluginTokenAbi } from "@pli/abis";
import type { Address } from "viem";
import { useReadContract } from "wagmi";
import { useChainConfig } from "@/chain/chain-config";
import { liveMeta } from "@/shared/live/live-store";

/** How much PLI the staking contract may take from `wallet` (a stake spends it, so stake events refresh it). */
export function useStakeAllowance(wallet: Address | undefined) {
  const { contracts } = useChainConfig();
  return useReadContract({
    address: contracts.pliToken,
    abi: pluginTokenAbi,
    functionName: "allowance",
    args: wallet ? [wallet, contracts.stakingRewards] : undefined,
    query: { enabled: Boolean(wallet), meta: liveMeta("stake") },
  });
}
