import { MESSAGES, NODE_TAB_ALL, USER_TYPE, type NodeResponse } from "@pli/api/public-contract";
import { Badge, Button, Group, Stack, Text } from "@mantine/core";
import { DateCell } from "@/shared/ui/date-cell";
import { DangerButton, RowActions } from "@/shared/ui/row-actions";
import { useState } from "react";
import { useNavigate } from "react-router-dom";
import { settle } from "@/shared/api/settle";
import { routes } from "@/shared/config/routes";
import { useListParams } from "@/shared/lists/list-params";
import { Amount } from "@/shared/ui/amount";
import { LongValue } from "@/shared/ui/long-value";
import { type Column } from "@/shared/ui/data-table";
import { useDialogs } from "@/shared/ui/dialogs";
import { PagedTable } from "@/shared/ui/paged-table";
import { Section } from "@/shared/ui/section";
import { TONE_COLORS } from "@/shared/theme/theme";
import { StatusBadge } from "@/shared/ui/status-badge";
import { useToast } from "@/shared/ui/toast";
import { useDeleteNode } from "../api/delete-node";
import { useNodeRequests } from "../api/get-node-requests";
import { adminEditNodeStore } from "../api/node-id-store";
import { NodeInsightModal, type Insight } from "../components/node-insight-modal";
import { NodeTabs, useNodeTab } from "../components/node-tabs";
import { NodeToggleButton } from "../components/node-toggle-button";
import { nodeMessages } from "../messages";
import { ReputationCell } from "../components/reputation-cell";
import { mayDelete } from "../node-display";

function NameAndEmail({ node }: { node: NodeResponse }) {
  return (
    <Stack gap={2}>
      <Group gap={6}>
        <Text size="sm" fw={600}>
          {node.name}
        </Text>
        {node.bounty ? (
          <Badge size="sm" variant="light" color={TONE_COLORS.info} title={nodeMessages.bountyMeaning}>
            {nodeMessages.bountyBadge}
          </Badge>
        ) : null}
      </Group>
      {node.user.email ? <LongValue value={node.user.email} mono={false} size="xs" c="dimmed" /> : "-"}
    </Stack>
  );
}

/** 'Node Requests Lists': every node by tab with counts, searched by the owner's email (spec section 2). */
export function AdminNodeListPage() {
  const params = useListParams();
  const { tab, setTab } = useNodeTab();
  const list = useNodeRequests(tab, params);
  const remove = useDeleteNode();
  const { confirmTyped } = useDialogs();
  const toast = useToast();
  const navigate = useNavigate();
  const [insight, setInsight] = useState<Insight | null>(null);

  const onDelete = async (node: NodeResponse) => {
    if (!(await confirmTyped({ text: `To delete the node "${node.name}" type yes and confirm`, destructive: true })))
      return;
    void settle(remove, node._id, {
      onSuccess: (result) => toast.success(result.message ?? MESSAGES.nodeDeleted),
    });
  };
  const open = (node: NodeResponse) => {
    adminEditNodeStore.set({ _id: node._id });
    navigate(routes.adminEditNode.href());
  };

  const columns: Column<NodeResponse>[] = [
    { id: "serial", header: "S no.", cell: ({ row }) => (params.page - 1) * params.limit + row.index + 1 },
    { id: "date", header: "Date", cell: ({ row }) => <DateCell value={row.original.date} /> },
    {
      id: "name",
      header: "Node Name/Email",
      meta: { card: "title" },
      cell: ({ row }) => <NameAndEmail node={row.original} />,
    },
    { accessorKey: "ipaddress", header: "IP Address", meta: { under: "name" } },
    {
      id: "reputation",
      header: "Reputation",
      cell: ({ row }) => (
        <ReputationCell node={row.original} onOpen={(kind) => setInsight({ kind, node: row.original })} />
      ),
    },
    {
      id: "status",
      header: "Status",
      meta: { card: "status" },
      cell: ({ row }) => <StatusBadge entity="node" status={row.original.status} />,
    },
    {
      id: "staked",
      header: "Staked",
      meta: { card: "amount" },
      cell: ({ row }) => (
        <Stack gap={4} align="flex-start">
          <Amount wei={BigInt(row.original.stake.totalStaked)} size="sm" />
          {row.original.stake.status ? <StatusBadge entity="stake" status={row.original.stake.status} /> : null}
        </Stack>
      ),
    },
    {
      id: "action",
      header: "Action",
      meta: { card: "action" },
      cell: ({ row }) => (
        <RowActions
          stacked
          name={row.original.name}
          danger={
            mayDelete(row.original) ? (
              <DangerButton onClick={() => void onDelete(row.original)} label={`Delete ${row.original.name}`}>
                Delete
              </DangerButton>
            ) : null
          }
        >
          <Button
            size="xs"
            variant="default"
            onClick={() => open(row.original)}
            aria-label={`Edit ${row.original.name}`}
          >
            Edit
          </Button>
          <NodeToggleButton node={row.original} actor={USER_TYPE.admin} />
        </RowActions>
      ),
    },
  ];
  return (
    <Section>
      <PagedTable
        list={list}
        totalLabel="Total Requests"
        total={list.data?.counts[NODE_TAB_ALL] ?? 0}
        searchPlaceholder="Search by Email ID"
        above={<NodeTabs tab={tab} counts={list.data?.counts} onChange={setTab} />}
        columns={columns}
        getRowId={(row) => row._id}
        caption="Node requests"
        wrap
      />
      <NodeInsightModal insight={insight} onClose={() => setInsight(null)} />
    </Section>
  );
}
