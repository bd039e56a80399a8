import { Button, Group, Paper, Stack, Text } from "@mantine/core";
import { IconChevronDown } from "@tabler/icons-react";
import {
  FlexRender,
  type Cell,
  type Column,
  type ColumnMeta,
  type Header,
  type Row,
  type RowData,
  type TableFeatures,
} from "@tanstack/react-table";
import { useId, useState, type ReactNode } from "react";
import { cardLabel, cardLayout } from "./card-roles";
import { Detail } from "./detail";
import classes from "./data-table.module.css";

/**
 * A cell's content: its column's `cell` called as a function. TanStack's FlexRender mounts it as a component, and the
 * pages define their columns inline, so every render of a page made new cell functions and React threw each cell's
 * subtree away and mounted it again: a refetch or a live update closed a card's open menu and reset whatever a cell
 * held. A cell function is a plain function of its context (no hooks; its components keep their own state).
 */
export function CellContent<F extends TableFeatures, T extends RowData>({ cell }: { cell: Cell<F, T, unknown> }) {
  const render = cell.column.columnDef.cell;
  return <>{typeof render === "function" ? render(cell.getContext()) : (render ?? null)}</>;
}

/** A column's card role and label (TanStack types a column's meta loosely). */
export const metaOf = <F extends TableFeatures, T extends RowData>(column: Column<F, T, unknown>) =>
  column.columnDef.meta as ColumnMeta<F, T, unknown> | undefined;

/**
 * The rows of a DataTable as a list of cards, for a phone: each card is labelled by its title and shows the row's
 * statuses beside the title, its amounts, its main actions, and the rest behind a disclosure button (as SSV's and
 * Stripe's lists do on a phone). `note` (loading, no record) replaces the cards. A header that is a control rather than
 * a text (the incentive list's select-all box) stays above the cards.
 */
export function RowCards<F extends TableFeatures, T extends RowData>({
  rows,
  headers,
  caption,
  note,
}: {
  rows: Row<F, T>[];
  headers: Header<F, T, unknown>[];
  caption?: string;
  note?: ReactNode;
}) {
  const id = useId();
  if (note !== undefined)
    return (
      <Paper withBorder radius="md" aria-label={caption}>
        {note}
      </Paper>
    );
  const controls = headers.filter((header) => typeof header.column.columnDef.header === "function");
  return (
    <Stack gap="sm">
      {controls.length > 0 && (
        <Group gap="sm" px="sm">
          {controls.map((header) => (
            <Group key={header.id} component="label" gap="xs" wrap="nowrap">
              <FlexRender header={header} />
              {metaOf(header.column)?.cardLabel && <Text size="sm">{metaOf(header.column)?.cardLabel}</Text>}
            </Group>
          ))}
        </Group>
      )}
      <Stack component="ul" role="list" aria-label={caption} gap="sm" p={0} m={0} style={{ listStyle: "none" }}>
        {rows.map((row, index) => (
          <RowCard key={row.id} cells={row.getAllCells()} id={`${id}-${index}`} />
        ))}
      </Stack>
    </Stack>
  );
}

function RowCard<F extends TableFeatures, T extends RowData>({
  cells,
  id,
}: {
  cells: Cell<F, T, unknown>[];
  id: string;
}) {
  const [open, setOpen] = useState(false);
  const layout = cardLayout(
    cells.map((cell) => {
      const { header } = cell.column.columnDef;
      const meta = metaOf(cell.column);
      return {
        id: cell.column.id,
        role: meta?.card,
        label: cardLabel(cell.column.id, header, meta?.cardLabel),
        named: meta?.cardLabel !== undefined,
        cell,
      };
    }),
  );
  const labelled = (parts: typeof layout.detail) =>
    parts.map(({ id: key, label, cell }) => (
      <Detail key={key} label={label}>
        <div className={classes.cardValue}>
          <CellContent cell={cell} />
        </div>
      </Detail>
    ));
  return (
    <Paper component="li" withBorder radius="md" p="sm" aria-labelledby={`${id}-title`}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="xs">
          <Stack id={`${id}-title`} className={classes.cardValue} gap={2} miw={0} flex="1 1 12rem" fw={600}>
            {layout.title.map(({ id: key, cell }) => (
              <div key={key}>
                <CellContent cell={cell} />
              </div>
            ))}
          </Stack>
          {layout.status.length > 0 && (
            <Group gap={6}>
              {layout.status.length === 1 && !layout.status[0]!.named
                ? layout.status.map(({ id: key, cell }) => (
                    <div key={key}>
                      <CellContent cell={cell} />
                    </div>
                  ))
                : labelled(layout.status)}
            </Group>
          )}
        </Group>
        {layout.amount.length > 0 && <Stack gap="sm">{labelled(layout.amount)}</Stack>}
        {(layout.action.length > 0 || layout.detail.length > 0) && (
          <Group justify="space-between" align="flex-end" gap="xs">
            <Group gap="xs">
              {layout.action.map(({ id: key, cell }) => (
                <div key={key} className={classes.cardAction} data-card-action>
                  <CellContent cell={cell} />
                </div>
              ))}
            </Group>
            {layout.detail.length > 0 && (
              <Button
                variant="subtle"
                size="compact-sm"
                aria-expanded={open}
                aria-controls={`${id}-details`}
                onClick={() => setOpen((was) => !was)}
                rightSection={
                  <IconChevronDown size={14} style={{ transform: open ? "rotate(180deg)" : undefined }} aria-hidden />
                }
              >
                Details
              </Button>
            )}
          </Group>
        )}
        {open && (
          <Stack id={`${id}-details`} gap="sm">
            {labelled(layout.detail)}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
