import { MESSAGES, type RpcUrlResponse } from "@pli/api/public-contract";
import { Button, Stack } from "@mantine/core";
import { DangerButton, RowActions } from "@/shared/ui/row-actions";
import { IconPlus } from "@tabler/icons-react";
import { Link, useNavigate } from "react-router-dom";
import { settle } from "@/shared/api/settle";
import { useListParams } from "@/shared/lists/list-params";
import { DataTable, type Column } from "@/shared/ui/data-table";
import { LongValue } from "@/shared/ui/long-value";
import { useDialogs } from "@/shared/ui/dialogs";
import { Pager } from "@/shared/ui/pager";
import { SearchBox } from "@/shared/ui/search-box";
import { Section } from "@/shared/ui/section";
import { useToast } from "@/shared/ui/toast";
import { useDeleteRpcUrl } from "../api/delete-rpc-url";
import { editRpcStore } from "../api/edit-rpc-store";
import { useRpcUrls } from "../api/get-rpc-urls";
import { RPC_ROUTES, type RpcVariant } from "../rpc-routes";

export function RpcListPage({ variant }: { variant: RpcVariant }) {
  const params = useListParams();
  const list = useRpcUrls(params);
  const remove = useDeleteRpcUrl();
  const { confirmTyped } = useDialogs();
  const toast = useToast();
  const navigate = useNavigate();
  const paths = RPC_ROUTES[variant];

  const onDelete = async (record: RpcUrlResponse) => {
    if (
      !(await confirmTyped({ text: `To delete the RPC URL "${record.name}" type yes and confirm`, destructive: true }))
    )
      return;
    void settle(remove, record._id, {
      onSuccess: (result) => toast.success(result.message ?? MESSAGES.rpcDeleted),
    });
  };
  const columns: Column<RpcUrlResponse>[] = [
    { accessorKey: "name", meta: { card: "title" }, header: "Name" },
    { accessorKey: "rpc", header: "RPC URL", cell: ({ row }) => <LongValue value={row.original.rpc} /> },
    {
      accessorKey: "wss",
      header: "WSS URL",
      meta: { under: "rpc" },
      cell: ({ row }) => <LongValue value={row.original.wss} />,
    },
    { accessorKey: "provider", header: "Provider", meta: { under: "name" } },
    {
      id: "actions",
      meta: { card: "action" },
      header: "Actions",
      cell: ({ row }) => (
        <RowActions
          name={row.original.name}
          danger={
            <DangerButton onClick={() => void onDelete(row.original)} label={`Delete ${row.original.name}`}>
              Delete
            </DangerButton>
          }
        >
          <Button
            size="xs"
            variant="default"
            onClick={() => (editRpcStore.set(row.original), navigate(paths.edit.href()))}
          >
            View
          </Button>
        </RowActions>
      ),
    },
  ];
  const total = list.data?.totalDocs ?? 0;
  return (
    <Section
      title="Full Node RPC URL LIST"
      description={`You have total ${total} Rpc Url's.`}
      actions={
        <Button component={Link} to={paths.add.href()} leftSection={<IconPlus size={16} />}>
          Add RPC
        </Button>
      }
    >
      <Stack gap="md">
        <SearchBox placeholder="Search by Rpc URL" />
        <DataTable
          columns={columns}
          data={list.data?.docs ?? []}
          loading={list.isPending}
          getRowId={(row) => row._id}
          caption="RPC URLs"
          wrap
        />
        <Pager page={params.page} totalPages={list.data?.totalPages ?? 1} onPage={(page) => params.update({ page })} />
      </Stack>
    </Section>
  );
}
