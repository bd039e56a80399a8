import { mayWithdraw, operatorMayEdit, stakeIdOf, USER_TYPE, type NodeResponse } from "@pli/api/public-contract";
import { Button, Stack, Text } from "@mantine/core";
import { IconPlus } from "@tabler/icons-react";
import { useState } from "react";
import { Link, useNavigate } from "react-router-dom";
import { useWithdraw, WithdrawButton, WithdrawProgress } from "@/chain/withdraw";
import { routes } from "@/shared/config/routes";
import { useListParams } from "@/shared/lists/list-params";
import { Address } from "@/shared/ui/address";
import { DataTable, noValue, type Column } from "@/shared/ui/data-table";
import { Pager } from "@/shared/ui/pager";
import { NextStep } from "@/shared/ui/next-step";
import { Section } from "@/shared/ui/section";
import { StatusBadge } from "@/shared/ui/status-badge";
import { reportError } from "@/shared/api/settle";
import { useCheckNodeLimit, useNodes } from "../api/get-nodes";
import { editNodeStore } from "../api/node-id-store";
import { HealthBadge } from "../components/node-health";
import { NodeInsightModal, type Insight } from "../components/node-insight-modal";
import { nodeLimitDialog } from "../components/node-limit-dialog";
import { NodeToggleButton } from "../components/node-toggle-button";
import { ReputationCell } from "../components/reputation-cell";
import { nodeMessages } from "../messages";
import { showsManageJobs, showsStakeLink } from "../node-display";

/**
 * 'Validator Nodes': the operator's nodes with the spec's ten columns (section 2), each its own, and their links and
 * actions; headers, cells and badges wrap between words so the ten fit a laptop's screen.
 */
export function NodeListPage() {
  const params = useListParams();
  const list = useNodes(params);
  const navigate = useNavigate();
  const checkLimit = useCheckNodeLimit();
  const [checking, setChecking] = useState(false);
  const [insight, setInsight] = useState<Insight | null>(null);
  const { withdraw, flow, running } = useWithdraw();

  const onAdd = async () => {
    setChecking(true);
    const allowed = await checkLimit().catch((error: unknown) => {
      reportError(error);
      return null;
    });
    setChecking(false);
    if (allowed) navigate(routes.addNode.href());
    else if (allowed === false) await nodeLimitDialog();
  };
  const open = (node: NodeResponse) => {
    editNodeStore.set({ _id: node._id });
    navigate(routes.editNode.href());
  };

  const columns: Column<NodeResponse>[] = [
    {
      id: "name",
      header: "Node Name",
      meta: { card: "title" },
      cell: ({ row }) => (
        <Text size="sm" fw={600}>
          {row.original.name}
        </Text>
      ),
    },
    {
      id: "reputation",
      header: "Reputation",
      cell: ({ row }) => (
        <ReputationCell node={row.original} onOpen={(kind) => setInsight({ kind, node: row.original })} />
      ),
    },
    { id: "nodeAddress", header: "Node Address", cell: ({ row }) => <Address value={row.original.nodeAddress} /> },
    { id: "provider", header: "Cloud Service", meta: { under: "name" }, cell: ({ row }) => row.original.providerName },
    { id: "ipaddress", header: "IP Address", meta: { under: "name" }, cell: ({ row }) => row.original.ipaddress },
    {
      id: "status",
      header: "Status",
      meta: { card: "status" },
      cell: ({ row }) => (
        <Stack gap={4} align="flex-start">
          <StatusBadge entity="node" status={row.original.status} size="sm" multiline />
          <HealthBadge node={row.original} />
        </Stack>
      ),
    },
    {
      id: "stakeStatus",
      header: "Stake Status",
      meta: { card: "status" },
      cell: ({ row }) =>
        row.original.stake.status ? (
          <StatusBadge entity="stake" status={row.original.stake.status} size="sm" />
        ) : (
          noValue
        ),
    },
    {
      id: "jobs",
      header: "Manage Jobs",
      meta: { card: "action" },
      cell: ({ row }) =>
        showsManageJobs(row.original.status) ? (
          <Button component={Link} to={routes.listJob.href(row.original._id)} size="compact-xs" variant="default">
            Manage Jobs
          </Button>
        ) : (
          noValue
        ),
    },
    {
      id: "staking",
      header: "Staking",
      meta: { card: "action" },
      cell: ({ row }) =>
        showsStakeLink(row.original.status) ? (
          <Button
            component={Link}
            to={routes.deposit.href(row.original._id)}
            size="compact-xs"
            aria-label={`Stake on ${row.original.name}`}
          >
            Stake
          </Button>
        ) : (
          noValue
        ),
    },
    {
      id: "actions",
      header: "Actions",
      meta: { card: "action" },
      cell: ({ row }) => (
        <Stack gap={6} align="flex-start" miw="max-content">
          <Button
            size="compact-xs"
            variant="default"
            onClick={() => open(row.original)}
            aria-label={`${operatorMayEdit(row.original.status) ? "View/Edit" : "View"} ${row.original.name}`}
          >
            {operatorMayEdit(row.original.status) ? "View/Edit" : "View"}
          </Button>
          <NodeToggleButton node={row.original} actor={USER_TYPE.user} size="compact-xs" />
          {mayWithdraw(row.original.stake.status) && (
            <WithdrawButton
              target={{
                stakeId: stakeIdOf(row.original.walletAddress, row.original.nodeAddress),
                nodeAddress: row.original.nodeAddress,
                nodeId: row.original._id,
              }}
              withdraw={withdraw}
              disabled={running}
            />
          )}
        </Stack>
      ),
    },
  ];
  return (
    <Section
      title={nodeMessages.listTitle}
      actions={
        <Button leftSection={<IconPlus size={16} />} onClick={() => void onAdd()} loading={checking}>
          {nodeMessages.addNode}
        </Button>
      }
    >
      <Stack gap="md">
        <DataTable
          columns={columns}
          data={list.data?.docs ?? []}
          loading={list.isPending}
          getRowId={(row) => row._id}
          caption={nodeMessages.listTitle}
          minWidth={960}
          wrap
          nextStep={params.q ? undefined : <NextStep>{nodeMessages.emptyNext}</NextStep>}
        />
        <Pager page={params.page} totalPages={list.data?.totalPages ?? 1} onPage={(page) => params.update({ page })} />
      </Stack>
      <NodeInsightModal insight={insight} onClose={() => setInsight(null)} />
      <WithdrawProgress flow={flow} />
    </Section>
  );
}
