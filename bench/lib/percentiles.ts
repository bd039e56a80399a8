/** Nearest-rank percentiles (and min, max, mean) of a list of timings. */
export function percentiles(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  const rank = (p: number) =>
    sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
  return {
    p50: rank(50),
    p95: rank(95),
    p99: rank(99),
    min: sorted[0]!,
    max: sorted.at(-1)!,
    mean: values.reduce((a, b) => a + b, 0) / values.length,
  };
}
