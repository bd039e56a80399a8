import { MESSAGES, type RpcUrlResponse } from "@pli/api/contract";
import { Link, useNavigate } from "react-router-dom";
import { errorMessage } from "../../../shared/api/http";
import { useListParams } from "../../../shared/lists/list-params";
import { DataTable, type Column } from "../../../shared/ui/data-table";
import { useDialogs } from "../../../shared/ui/dialogs";
import { Pager } from "../../../shared/ui/pager";
import { SearchBox } from "../../../shared/ui/search-box";
import { useToast } from "../../../shared/ui/toast";
import { editRpcStore, useRpcUrlMutations, useRpcUrls } from "../api/rpc-urls";
import { RPC_ROUTES, type RpcVariant } from "../rpc-routes";

export function RpcListPage({ variant }: { variant: RpcVariant }) {
  const params = useListParams();
  const list = useRpcUrls(params);
  const { remove } = useRpcUrlMutations();
  const { confirmTyped } = useDialogs();
  const toast = useToast();
  const navigate = useNavigate();
  const paths = RPC_ROUTES[variant];

  const onDelete = async (record: RpcUrlResponse) => {
    if (!(await confirmTyped({ text: `To delete the RPC URL "${record.name}" type yes and confirm` }))) return;
    remove.mutate(record._id, {
      onSuccess: (result) => toast.success(result.message ?? MESSAGES.rpcDeleted),
      onError: (error) => toast.error(errorMessage(error)),
    });
  };
  const columns: Column<RpcUrlResponse>[] = [
    { accessorKey: "name", header: "Name" },
    { accessorKey: "rpc", header: "RPC URL" },
    { accessorKey: "wss", header: "WSS URL" },
    { accessorKey: "provider", header: "Provider" },
    {
      id: "actions",
      header: "Actions",
      cell: ({ row }) => (
        <div className="row-actions">
          <button type="button" className="button button--secondary" onClick={() => (editRpcStore.set(row.original), navigate(paths.edit.href()))}>
            View
          </button>
          <button type="button" className="button button--danger" onClick={() => void onDelete(row.original)} aria-label={`Delete ${row.original.name}`}>
            Delete
          </button>
        </div>
      ),
    },
  ];
  const total = list.data?.totalDocs ?? 0;
  return (
    <section className="card">
      <div className="toolbar">
        <div>
          <h2>Full Node RPC URL LIST</h2>
          <p className="muted">You have total {total} Rpc Url's.</p>
        </div>
        <Link className="button button--primary" to={paths.add.href()}>
          Add RPC
        </Link>
      </div>
      <div className="toolbar">
        <SearchBox placeholder="Search by Rpc URL" />
      </div>
      <DataTable columns={columns} data={list.data?.docs ?? []} loading={list.isPending} getRowId={(row) => row._id} caption="RPC URLs" />
      <Pager page={params.page} totalPages={list.data?.totalPages ?? 1} onPage={(page) => params.update({ page })} />
    </section>
  );
}
