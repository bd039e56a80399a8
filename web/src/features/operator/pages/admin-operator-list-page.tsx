import { TWOFA, type OperatorResponse } from "@pli/api/public-contract";
import { Badge, Stack, Text, Tooltip } from "@mantine/core";
import { useListParams } from "@/shared/lists/list-params";
import { TONE_COLORS } from "@/shared/theme/theme";
import { Address } from "@/shared/ui/address";
import { type Column } from "@/shared/ui/data-table";
import { DateCell } from "@/shared/ui/date-cell";
import { PagedTable } from "@/shared/ui/paged-table";
import { Section } from "@/shared/ui/section";
import { useOperators } from "../api/get-operators";
import { OperatorAccessButton } from "../components/operator-access-button";
import { operatorListMessages as text } from "../messages";

const TOOLTIP_EVENTS = { hover: true, focus: false, touch: true };

/** The email (a long one cut with an ellipsis, whole on hover) above the wallet. */
function Account({ operator }: { operator: OperatorResponse }) {
  return (
    <Stack gap={2}>
      <Tooltip label={operator.email} disabled={!operator.email} withArrow events={TOOLTIP_EVENTS}>
        <Text size="sm" truncate="end" maw="16rem">
          {operator.email || "-"}
        </Text>
      </Tooltip>
      <Address value={operator.walletAddress} />
    </Stack>
  );
}

function AccessBadge({ disabled }: { disabled: boolean }) {
  return (
    <Badge variant="light" color={disabled ? TONE_COLORS.danger : TONE_COLORS.success}>
      {disabled ? text.disabled : text.enabled}
    </Badge>
  );
}

/** 'Operators': every operator account searched by wallet or email and paged, each disabled or enabled again. */
export function AdminOperatorListPage() {
  const params = useListParams();
  const list = useOperators(params);

  const columns: Column<OperatorResponse>[] = [
    { id: "serial", header: "S no.", cell: ({ row }) => (params.page - 1) * params.limit + row.index + 1 },
    {
      id: "account",
      meta: { card: "title" },
      header: "Email / Wallet Address",
      cell: ({ row }) => <Account operator={row.original} />,
    },
    { id: "role", header: "Role", cell: ({ row }) => row.original.userRole },
    { id: "twofa", header: "2FA", cell: ({ row }) => (row.original.twofa === TWOFA.yes ? "On" : "Off") },
    { id: "nodes", header: "Nodes", cell: ({ row }) => row.original.nodes },
    {
      id: "lastSignIn",
      header: "Last Sign-in",
      cell: ({ row }) => <DateCell value={row.original.lastSignInAt} format="adminDashboard" />,
    },
    {
      id: "access",
      meta: { card: "status" },
      header: "Status",
      cell: ({ row }) => <AccessBadge disabled={row.original.disabled} />,
    },
    {
      id: "action",
      meta: { card: "action" },
      header: "Action",
      cell: ({ row }) => <OperatorAccessButton operator={row.original} />,
    },
  ];
  return (
    <Section>
      <PagedTable
        list={list}
        totalLabel={text.total}
        searchPlaceholder={text.search}
        columns={columns}
        getRowId={(row) => row._id}
        caption={text.caption}
        minWidth={900}
      />
    </Section>
  );
}
