import { INCENTIVE_STATUS, type IncentiveResponse } from "@pli/api/public-contract";
import { Checkbox } from "@mantine/core";
import type { Column } from "@/shared/ui/data-table";
import { formatDate } from "@/shared/format/dates";
import { incentiveMessages } from "../messages";
import type { IncentiveSelection } from "./use-selection";

/**
 * The check-all box and a box on each UnPaid row (spec 2), which can be ticked only when its token is
 * above 0; Paid rows have none.
 */
export function selectColumn(selection: IncentiveSelection): Column<IncentiveResponse> {
  return {
    id: "select",
    meta: { card: "action", cardLabel: incentiveMessages.selectAll },
    header: () => (
      <Checkbox
        aria-label={incentiveMessages.selectAll}
        checked={selection.allShown}
        indeterminate={selection.someShown && !selection.allShown}
        disabled={!selection.anyPayableShown}
        onChange={(event) => selection.toggleShown(event.currentTarget.checked)}
      />
    ),
    cell: ({ row }) =>
      row.original.status === INCENTIVE_STATUS.unPaid ? (
        <Checkbox
          aria-label={incentiveMessages.selectRow(formatDate(row.original.date), row.original.walletAddress)}
          checked={selection.isSelected(row.original._id)}
          disabled={BigInt(row.original.token) <= 0n}
          onChange={(event) => selection.toggle(row.original, event.currentTarget.checked)}
        />
      ) : null,
  };
}
