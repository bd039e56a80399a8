import { pluginTokenAbi } from "@pli/abis";
import type { Address } from "viem";
import { useBalance, useReadContract } from "wagmi";
import { useChainConfig } from "./chain-config";

/** PLI (token balanceOf) and native XDC balances of `address`, refreshed every 15 s. */
export function useWalletBalances(address: Address | undefined) {
  const config = useChainConfig();
  const pli = useReadContract({
    address: config.contracts.pliToken,
    abi: pluginTokenAbi,
    functionName: "balanceOf",
    args: address ? [address] : undefined,
    query: { enabled: Boolean(address), refetchInterval: 15_000 },
  });
  const native = useBalance({ address, query: { enabled: Boolean(address), refetchInterval: 15_000 } });
  return { pli: pli.data, native: native.data?.value };
}
