/**
 * What a column of a list becomes when the list shows its rows as cards on a phone: the card's title (the row's name),
 * a status beside it, an amount under it, the row's main action, or a detail, shown behind the card's disclosure.
 */
export const CARD_ROLES = ["title", "status", "amount", "action", "detail"] as const;
export type CardRole = (typeof CARD_ROLES)[number];

/** A column as a card sees it: its role, if the list gives one, and the label of its value. */
export interface CardColumn {
  id: string;
  role?: CardRole;
  label: string;
}

export type CardLayout<C extends CardColumn> = Record<CardRole, C[]>;

/**
 * Places each column in its part of the card. A list that names no title gets its first column without a role as the
 * title, so a list with no roles at all still shows one card per row: the first column on top, the rest as details.
 */
export function cardLayout<C extends CardColumn>(columns: C[]): CardLayout<C> {
  const layout: CardLayout<C> = { title: [], status: [], amount: [], action: [], detail: [] };
  const untitled = !columns.some((column) => column.role === "title");
  const firstUnassigned = columns.find((column) => column.role === undefined);
  for (const column of columns) {
    const role = column.role ?? (untitled && column === firstUnassigned ? "title" : "detail");
    layout[role].push(column);
  }
  return layout;
}

/** The label of a column's value in a card: the one the list gives, else its header when that is text, else its id. */
export const cardLabel = (id: string, header: unknown, label?: string): string =>
  label ?? (typeof header === "string" ? header : id);
