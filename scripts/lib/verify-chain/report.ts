import type { OpRecord } from "./operations.ts";
import type { VerifyResult } from "./run.ts";

/** Operations that count: those still on the chain (a reorg dropped the others) and off-chain ones. */
const onChain = (records: OpRecord[]) => records.filter((record) => !record.dropped);

/** Counts per label, largest first, as "label n, label n". */
function tally(labels: string[]): string {
  const counts = new Map<string, number>();
  for (const label of labels) counts.set(label, (counts.get(label) ?? 0) + 1);
  return [...counts.entries()]
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .map(([label, n]) => `${label} ${n}`)
    .join(", ");
}

/** Whether the run found nothing wrong: no discrepancy and every operation as the contracts' rules say. */
export const passed = (result: VerifyResult) =>
  result.discrepancies.length === 0 && result.records.every((record) => !record.unexpected);

/** The run's summary for a person: operations, kills, reorgs, each discrepancy, times. */
export function formatReport(result: VerifyResult): string {
  const { records, seconds } = result;
  const kept = onChain(records);
  const chainOps = records.filter((record) => record.txs.length > 0);
  const valid = kept.filter((record) => record.txs.length > 0 && record.expected === null && !record.unexpected);
  const reverted = kept.filter((record) => record.expected !== null && !record.unexpected);
  const dropped = records.filter((record) => record.dropped);
  const unexpected = records.filter((record) => record.unexpected);
  const lines = [
    "",
    `verify:chain  seed ${result.options.seed}, ${result.options.operators} operators`,
    `  operations        ${records.length} (${chainOps.length} on the chain, ${records.length - chainOps.length} incentive-row writes adding ${records.reduce((sum, r) => sum + r.rows, 0)} rows)`,
    `  valid             ${valid.length}: ${tally(valid.map((r) => r.kind))}`,
    `  reverted as expected ${reverted.length}: ${tally(reverted.map((r) => r.expected!))}`,
    `  dropped by reorgs ${dropped.length} (${dropped.filter((r) => r.expected !== null).length} of them reverted ones)`,
    `  unexpected        ${unexpected.length}`,
    ...unexpected.map((r) => `    operation ${r.index} ${r.kind}: ${r.unexpected}`),
    `  indexer kills     ${result.kills} (SIGKILL, restarted on the same schema)`,
    `  reorgs            ${result.reorgs.count} (${result.reorgs.blocks} blocks replaced; ${result.reorgs.live} with the indexer at the head, ${result.reorgs.count - result.reorgs.live} while it restarted)`,
    ...(result.faultyRpc
      ? [
          `  faulty RPC        ${result.faultyRpc.stats.requests} requests (${result.faultyRpc.stats.calls} calls) from the indexer and API: ${result.faultyRpc.stats.failed} failed on purpose, ${result.faultyRpc.stats.capped} eth_getLogs refused for their range, connections refused for ${result.faultyRpc.refuseSeconds} s (${result.faultyRpc.stats.dropped} open ones dropped)`,
        ]
      : []),
    ...(result.xdc
      ? [
          `  XDC node          ${result.xdc.fees} fees; ${result.xdc.stats.calls} calls from the indexer and API: ${Object.entries(
            result.xdc.xdcStats,
          )
            .map(([what, n]) => `${what} ${n}`)
            .join(", ")}`,
        ]
      : []),
    `  discrepancies     ${result.discrepancies.length}`,
    ...result.discrepancies.map((d) => `    ${d.what}: API ${d.api}, chain ${d.chain}`),
    `  time              ${seconds.total.toFixed(1)} s: stand ${seconds.setup.toFixed(1)} s, operations ${seconds.operations.toFixed(1)} s (${(chainOps.length / seconds.operations).toFixed(1)} chain ops/s), indexer catch-up ${seconds.catchUp.toFixed(1)} s, comparison ${seconds.comparison.toFixed(1)} s`,
  ];
  if (result.keptDir) lines.push(`  data kept in      ${result.keptDir} (logs/indexer.log, logs/api.log)`);
  lines.push(passed(result) ? "  result            the API serves what the chain says" : "  result            FAILED");
  return lines.join("\n");
}
