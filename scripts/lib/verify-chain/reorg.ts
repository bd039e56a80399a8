import { encodeFunctionData, numberToHex } from "viem";
import { stakingRewardsAbi } from "@pli/abis";
import type { Actors } from "./actors.ts";
import type { HarnessChain } from "./chain.ts";
import type { Reorg } from "./program.ts";

/**
 * A shallow reorg through anvil's own RPC method (anvil 1.7: `anvil_reorg(depth, [[tx, blockOffset], …])`):
 * the last `depth` blocks are replaced by as many new ones, holding `replacements` whitelistings sent
 * from the owner (an account anvil signs for) at offsets inside the new blocks. Whatever the old blocks
 * held is gone from the chain. Answers the last block number that survived.
 */
export async function reorgChain(chain: HarnessChain, actors: Actors, reorg: Reorg): Promise<bigint> {
  const head = await chain.head();
  const replacements = Array.from({ length: reorg.replacements }, (_, j) => {
    const operator = actors.operators[(reorg.at + j) % actors.operators.length]!;
    const node = operator.nodes[(reorg.at * 7 + j) % operator.nodes.length]!;
    const tx = {
      from: actors.owner.address,
      to: chain.deployment.contracts.stakingRewards,
      data: encodeFunctionData({ abi: stakingRewardsAbi, functionName: "whiteListIt", args: [operator.address, node] }),
      gas: numberToHex(200_000),
    };
    return [tx, j % reorg.depth] as const;
  });
  await chain.testClient.request({ method: "anvil_reorg", params: [reorg.depth, replacements] } as never);
  return head - BigInt(reorg.depth);
}
