import { MESSAGES, UNCHECKED_KIND_LABELS, UNCHECKED_KINDS, type UncheckedItem } from "@pli/api/public-contract";
import { Box, Button, List, Stack, Text } from "@mantine/core";
import { useState } from "react";
import { formatDate } from "@/shared/format/dates";
import { Address } from "@/shared/ui/address";
import { Alert } from "@/shared/ui/alert";
import { Amount } from "@/shared/ui/amount";
import { DataTable, type Column } from "@/shared/ui/data-table";
import { Pager } from "@/shared/ui/pager";
import { Section } from "@/shared/ui/section";
import { ExplorerTx } from "../explorer-links";
import { useUnchecked } from "./get-unchecked";
import { REVIEW_TITLE, ReviewModal } from "./review-modal";

/** The section's anchor, where the admin dashboard's queue leads. */
export const UNCHECKED_ANCHOR = "unchecked-activity";

const STAKE_KIND_LABELS: Record<NonNullable<UncheckedItem["stakeKind"]>, string> = { stake: "Stake", topup: "Top-up" };

/** What happened: the stake's kind and amount (and the multiple it is off), or the new limits. */
function What({ item }: { item: UncheckedItem }) {
  if (item.minimumStake !== null && item.maximumStake !== null) {
    return (
      <Stack gap={2}>
        <Text size="sm">
          Minimum <Amount wei={BigInt(item.minimumStake)} size="sm" exact />
        </Text>
        <Text size="sm">
          Maximum <Amount wei={BigInt(item.maximumStake)} size="sm" exact />
        </Text>
      </Stack>
    );
  }
  return (
    <Stack gap={2}>
      <Text size="sm">
        {item.stakeKind ? STAKE_KIND_LABELS[item.stakeKind] : ""}{" "}
        <Amount wei={item.amount === null ? undefined : BigInt(item.amount)} size="sm" exact />
      </Text>
      {item.multiple !== null ? (
        <Text size="xs" c="dimmed">
          Multiple <Amount wei={BigInt(item.multiple)} size="xs" exact />
        </Text>
      ) : null}
    </Stack>
  );
}

const columnsWith = (onReview: (item: UncheckedItem) => void): Column<UncheckedItem>[] => [
  { id: "kind", meta: { card: "title" }, header: "Kind", cell: ({ row }) => UNCHECKED_KIND_LABELS[row.original.kind] },
  { id: "wallet", header: "Wallet Address", cell: ({ row }) => <Address value={row.original.walletAddress} /> },
  {
    id: "node",
    header: "Node Address",
    meta: { under: "wallet" },
    cell: ({ row }) => (row.original.nodeAddress ? <Address value={row.original.nodeAddress} /> : "-"),
  },
  { id: "what", meta: { card: "amount" }, header: "Amount", cell: ({ row }) => <What item={row.original} /> },
  {
    id: "txn",
    header: "Transaction",
    cell: ({ row }) => (
      <Stack gap={2}>
        <ExplorerTx hash={row.original.tnxHash} linkOnly />
        <Text size="xs" c="dimmed">
          {formatDate(row.original.date)}
        </Text>
      </Stack>
    ),
  },
  {
    id: "review",
    meta: { card: "action" },
    header: "Review",
    cell: ({ row }) => (
      <Button size="xs" variant="light" onClick={() => onReview(row.original)}>
        {REVIEW_TITLE}
      </Button>
    ),
  },
];

/**
 * Chain activity the contract does not check, for admins (the stakes and requests screens): stakes
 * without an approved request, amounts off the multiple and limit changes not made through the
 * portal, each with its transaction. Shown while there is any; nothing of it was refused.
 */
export function UncheckedSection() {
  const [page, setPage] = useState(1);
  const [reviewing, setReviewing] = useState<UncheckedItem | null>(null);
  const list = useUnchecked(page);
  const counts = list.data?.counts;
  const total = counts ? UNCHECKED_KINDS.reduce((sum, kind) => sum + counts[kind], 0) : 0;
  if (!counts || total === 0) return null;
  return (
    <Box id={UNCHECKED_ANCHOR}>
      <Section title={MESSAGES.uncheckedTitle}>
        <Stack gap="md">
          <Alert tone="warning" title={`${total} ${total === 1 ? "item" : "items"} to review`}>
            <Text size="sm">{MESSAGES.uncheckedText}</Text>
            <List size="sm">
              {UNCHECKED_KINDS.map((kind) => (
                <List.Item key={kind}>
                  {UNCHECKED_KIND_LABELS[kind]}: <b>{counts[kind]}</b>
                </List.Item>
              ))}
            </List>
          </Alert>
          <DataTable
            columns={columnsWith(setReviewing)}
            data={list.data?.docs ?? []}
            loading={list.isPending}
            getRowId={(row) => `${row.kind}-${row.tnxHash}-${row.logIndex}`}
            caption={MESSAGES.uncheckedTitle}
            minWidth={760}
            wrap
          />
          <Pager page={page} totalPages={list.data?.totalPages ?? 1} onPage={setPage} />
        </Stack>
        <ReviewModal item={reviewing} onClose={() => setReviewing(null)} />
      </Section>
    </Box>
  );
}
