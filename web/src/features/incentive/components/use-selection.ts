import { isPayable, type IncentiveResponse } from "@pli/api/public-contract";
import { useState } from "react";

/**
 * The rows picked for Pay Now, kept across pages: only payable rows (UnPaid, token above 0, the
 * shared rule) can be picked, and a picked row that the latest page shows paid drops out.
 */
export function useIncentiveSelection(rows: IncentiveResponse[]) {
  const [picked, setPicked] = useState<ReadonlyMap<string, IncentiveResponse>>(new Map());
  const shown = new Map(rows.map((row) => [row._id, row]));
  const selected = [...picked.values()].map((row) => shown.get(row._id) ?? row).filter(isPayable);
  const selectedIds = new Set(selected.map((row) => row._id));
  const payableShown = rows.filter(isPayable);

  const set = (change: IncentiveResponse[], on: boolean) =>
    setPicked((current) => {
      const next = new Map(current);
      for (const row of change) {
        if (on && isPayable(row)) next.set(row._id, row);
        else next.delete(row._id);
      }
      return next;
    });

  return {
    selected,
    total: selected.reduce((sum, row) => sum + BigInt(row.token), 0n),
    isSelected: (id: string) => selectedIds.has(id),
    allShown: payableShown.length > 0 && payableShown.every((row) => selectedIds.has(row._id)),
    someShown: payableShown.some((row) => selectedIds.has(row._id)),
    anyPayableShown: payableShown.length > 0,
    toggle: (row: IncentiveResponse, on: boolean) => set([row], on),
    toggleShown: (on: boolean) => set(payableShown, on),
    clear: () => setPicked(new Map()),
  };
}

export type IncentiveSelection = ReturnType<typeof useIncentiveSelection>;
