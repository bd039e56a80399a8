/** A transaction the bench mined: its block, and the wallet it names (lowercase). */
export interface Mined {
  block: number;
  wallet: string;
}

/**
 * Each affected stream's latency per transaction naming its wallet: its first event at or after the transaction's
 * block, from that block's indexing (`indexedAt`, epoch ms); and the transactions a stream never heard of. `arrivals`
 * are a stream client's [stream's index in `streams`, event's block, arrival (epoch ms)].
 */
export function latencies(
  mined: Mined[],
  streams: { wallet: string }[],
  arrivals: [number, number, number][],
  indexedAt: (block: number) => number | undefined,
): { values: number[]; missed: number } {
  const byStream = new Map<number, [number, number][]>();
  for (const [index, block, at] of arrivals) byStream.set(index, [...(byStream.get(index) ?? []), [block, at]]);
  const streamsOf = new Map<string, number[]>();
  streams.forEach(({ wallet }, index) => streamsOf.set(wallet, [...(streamsOf.get(wallet) ?? []), index]));
  const values: number[] = [];
  let missed = 0;
  for (const { block, wallet } of mined) {
    const indexed = indexedAt(block);
    for (const index of streamsOf.get(wallet) ?? []) {
      const heard = byStream.get(index)?.find(([eventBlock]) => eventBlock >= block);
      if (!heard || indexed === undefined) missed++;
      else values.push(heard[1] - indexed);
    }
  }
  return { values, missed };
}
