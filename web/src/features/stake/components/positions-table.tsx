import type { NodeResponse } from "@pli/api/public-contract";
import { Anchor, Button } from "@mantine/core";
import { Link } from "react-router-dom";
import { routes } from "@/shared/config/routes";
import { Address } from "@/shared/ui/address";
import { Amount } from "@/shared/ui/amount";
import { DataTable, noValue, type Column } from "@/shared/ui/data-table";
import { NextStep } from "@/shared/ui/next-step";
import { StatusBadge } from "@/shared/ui/status-badge";
import { usePositions } from "../api/get-positions";
import { stakingMessages } from "../messages";
import { positionLink } from "../staking-display";

const LINK_LABELS = { topUp: stakingMessages.topUp, stake: "Stake" } as const;

function PositionLink({ node }: { node: NodeResponse }) {
  const link = positionLink(node.stake.status);
  if (!link) return noValue;
  return (
    <Anchor
      component={Link}
      to={routes.deposit.href(node._id)}
      size="sm"
      aria-label={`${LINK_LABELS[link]} on ${node.name}`}
    >
      {LINK_LABELS[link]}
    </Anchor>
  );
}

/** The operator's stake per node, as the chain shows it, each with its link to the staking screen. */
export function PositionsTable() {
  const positions = usePositions();
  const columns: Column<NodeResponse>[] = [
    { accessorKey: "name", meta: { card: "title" }, header: "Node Name" },
    { id: "nodeAddress", header: "Node Address", cell: ({ row }) => <Address value={row.original.nodeAddress} /> },
    {
      id: "staked",
      meta: { card: "amount" },
      header: "Total Stake",
      cell: ({ row }) => <Amount wei={BigInt(row.original.stake.totalStaked)} size="sm" />,
    },
    {
      id: "status",
      meta: { card: "status" },
      header: "Stake Status",
      cell: ({ row }) =>
        row.original.stake.status ? <StatusBadge entity="stake" status={row.original.stake.status} /> : null,
    },
    {
      id: "action",
      meta: { card: "action" },
      header: "Staking",
      cell: ({ row }) => <PositionLink node={row.original} />,
    },
  ];
  return (
    <DataTable
      columns={columns}
      data={positions.data ?? []}
      loading={positions.isPending}
      getRowId={(row) => row._id}
      caption={stakingMessages.positionsTitle}
      nextStep={
        <NextStep
          action={
            <Button component={Link} to={routes.listNode.href()}>
              {stakingMessages.positionsEmptyAction}
            </Button>
          }
        >
          {stakingMessages.positionsEmptyNext}
        </NextStep>
      }
      minWidth={640}
    />
  );
}
