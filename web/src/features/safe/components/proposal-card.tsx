import { Badge, Button, Group, Paper, Stack, Text } from "@mantine/core";
import { isAddressEqual, type Address } from "viem";
import { TxProgress } from "@/chain/tx-progress";
import type { SafeInfo, SafeProposal } from "@/chain/safe/safe-api";
import { formatDate } from "@/shared/format/dates";
import { TONE_COLORS } from "@/shared/theme/theme";
import { Address as AddressValue } from "@/shared/ui/address";
import { Amount } from "@/shared/ui/amount";
import { DataTable, type Column } from "@/shared/ui/data-table";
import { Detail, DetailGrid, plainValue, WRAP_ANYWHERE } from "@/shared/ui/detail";
import { safeMessages, STATE_BADGES } from "../messages";
import { HashValue } from "./hash-value";
import { useSafeActions } from "./use-safe-actions";

type Recipient = NonNullable<SafeProposal["recipients"]>[number];

/** An incentive's date as payRewards carries it (YYYYMMDD), in the portal's date format. */
const payoutDate = (date: number) => {
  const text = String(date);
  return formatDate(`${text.slice(0, 4)}-${text.slice(4, 6)}-${text.slice(6, 8)}`);
};

const RECIPIENT_COLUMNS: Column<Recipient>[] = [
  {
    id: "wallet",
    header: safeMessages.wallet,
    meta: { card: "title" },
    cell: ({ row }) => <AddressValue value={row.original.wallet} />,
  },
  { id: "node", header: safeMessages.node, cell: ({ row }) => <AddressValue value={row.original.node} /> },
  { id: "date", header: safeMessages.date, cell: ({ row }) => payoutDate(row.original.date) },
  {
    id: "amount",
    header: safeMessages.amount,
    meta: { card: "amount" },
    cell: ({ row }) => <Amount wei={BigInt(row.original.amount)} size="sm" />,
  },
];

/**
 * One proposal of the Safe's queue: what it does in words and figures, its nonce, the domain hash and safeTxHash to
 * compare with a hardware wallet, who confirmed it, and the connected wallet's next step (Confirm, Approve on chain, or
 * Execute once the threshold is met and no lower nonce waits).
 */
export function ProposalCard({
  safe,
  proposal,
  connected,
}: {
  safe: SafeInfo;
  proposal: SafeProposal;
  connected: Address | undefined;
}) {
  const actions = useSafeActions(safe, proposal);
  const { label, tone } = STATE_BADGES[proposal.state];
  const open = proposal.state === "awaitingMine" || proposal.state === "awaitingOthers";
  const confirmedByMe =
    connected !== undefined && proposal.confirmations.some((c) => isAddressEqual(c.owner as Address, connected));
  const running = actions.flow.state.status === "running";
  return (
    <Paper withBorder radius="md" p={{ base: "sm", sm: "md" }} aria-label={proposal.summary} component="article">
      <TxProgress state={actions.flow.state} explorerTxUrl={actions.flow.explorerTxUrl} onClose={actions.flow.reset} />
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="xs">
          <Text fw={600} size="sm" style={{ flex: "1 1 16rem", ...WRAP_ANYWHERE }}>
            {proposal.summary}
          </Text>
          <Group gap={6}>
            <Badge variant="outline" color={TONE_COLORS.muted}>
              {safeMessages.nonce(proposal.nonce)}
            </Badge>
            <Badge variant="light" color={TONE_COLORS[tone]} data-testid="safe-state">
              {label}
            </Badge>
          </Group>
        </Group>
        {proposal.behindLowerNonce && proposal.state !== "replaced" ? (
          <Text size="sm" c="dimmed">
            {safeMessages.waitsFor(BigInt(proposal.nonce) - 1n)}
          </Text>
        ) : null}
        {proposal.state === "replaced" ? <Text size="sm">{safeMessages.replaced(proposal.nonce)}</Text> : null}
        {proposal.state === "failed" ? <Text size="sm">{safeMessages.failedNote}</Text> : null}
        {proposal.recipients && proposal.recipients.length > 0 ? (
          <DataTable
            columns={RECIPIENT_COLUMNS}
            data={proposal.recipients}
            loading={false}
            getRowId={(row) => `${row.wallet}-${row.node}-${row.date}`}
            caption={safeMessages.recipients}
          />
        ) : null}
        <DetailGrid>
          {proposal.total ? (
            <Detail label={safeMessages.total}>
              <Amount wei={BigInt(proposal.total)} size="sm" exact testId="safe-total" />
            </Detail>
          ) : null}
          <Detail label={safeMessages.confirmations}>
            <Stack gap={4}>
              <Text size="sm" data-testid="safe-confirmations">
                {safeMessages.confirmationsValue(proposal.confirmations.length, proposal.threshold)}
              </Text>
              {proposal.confirmations.map((c) => (
                <Group key={c.owner} gap={6} wrap="wrap">
                  <AddressValue value={c.owner} />
                  <Text size="xs" c="dimmed">
                    {safeMessages.method[c.method]}
                  </Text>
                </Group>
              ))}
            </Stack>
          </Detail>
          {proposal.csvDigest ? (
            <Detail label={safeMessages.csvDigest}>
              <HashValue value={proposal.csvDigest} name="csv-digest" />
            </Detail>
          ) : null}
          <Detail label={safeMessages.domainHash}>
            <HashValue value={proposal.domainHash} name="domain-hash" />
          </Detail>
          <Detail label={safeMessages.safeTxHash}>
            <HashValue value={proposal.safeTxHash} name="safe-tx-hash" />
          </Detail>
          {proposal.record ? (
            <Detail label={safeMessages.record}>
              <Stack gap={2} data-testid="safe-record">
                <Text size="sm" style={WRAP_ANYWHERE}>
                  {safeMessages.recordValue(proposal.record.label, proposal.record.status)}
                </Text>
                <Text size="xs" c={proposal.record.outcome === "refused" ? TONE_COLORS.danger : "dimmed"}>
                  {safeMessages.recordOutcome[proposal.record.outcome]}
                  {proposal.record.reason ? `: ${proposal.record.reason}` : ""}
                </Text>
              </Stack>
            </Detail>
          ) : null}
          <Detail label={safeMessages.proposedBy}>{plainValue(proposal.proposedBy ?? "")}</Detail>
          {proposal.execution ? (
            <Detail label={safeMessages.execution}>
              <Stack gap={2}>
                <HashValue value={proposal.execution.txHash} name="execution" />
                <Group gap={4}>
                  <Text size="xs" c="dimmed">
                    {safeMessages.executedBy}
                  </Text>
                  <AddressValue value={proposal.execution.executor} />
                </Group>
              </Stack>
            </Detail>
          ) : null}
        </DetailGrid>
        {actions.error ? (
          <Text size="sm" c={TONE_COLORS.danger} role="alert">
            {actions.error}
          </Text>
        ) : null}
        {proposal.state === "ready" && proposal.signatures ? (
          <Group>
            <Button
              onClick={() => void actions.execute()}
              loading={running}
              aria-label={safeMessages.executeOf(proposal.nonce)}
            >
              {safeMessages.execute}
            </Button>
          </Group>
        ) : null}
        {open && !confirmedByMe ? (
          <Group gap="sm">
            <Button
              onClick={() => void actions.confirm()}
              loading={actions.signing}
              disabled={running}
              aria-label={safeMessages.confirmOf(proposal.nonce)}
            >
              {safeMessages.confirm}
            </Button>
            <Button
              variant="default"
              onClick={() => void actions.approveOnChain()}
              loading={running}
              disabled={actions.signing}
              aria-label={safeMessages.approveOnChainOf(proposal.nonce)}
            >
              {safeMessages.approveOnChain}
            </Button>
          </Group>
        ) : null}
        {open && confirmedByMe ? (
          <Text size="sm" c="dimmed">
            {safeMessages.confirmedByYou}
          </Text>
        ) : null}
      </Stack>
    </Paper>
  );
}
