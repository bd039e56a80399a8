import { MESSAGES, type RpcUrlInput } from "@pli/api/contract";
import { useState } from "react";
import { Navigate, useNavigate } from "react-router-dom";
import { BackLink } from "../../../shared/ui/back-link";
import { Button } from "../../../shared/ui/button";
import { useServerErrors } from "../../../shared/ui/form-errors";
import { useToast } from "../../../shared/ui/toast";
import { editRpcStore, useRpcUrlMutations } from "../api/rpc-urls";
import { RpcForm } from "../components/rpc-form";
import { RPC_ROUTES, type RpcVariant } from "../rpc-routes";

/** View first, fields locked; 'Edit' unlocks them. The record comes from local storage (`editrpc`). */
export function EditRpcPage({ variant }: { variant: RpcVariant }) {
  const [record] = useState(editRpcStore.get);
  const [locked, setLocked] = useState(true);
  const { edit } = useRpcUrlMutations();
  const { errors, fail, clear } = useServerErrors();
  const toast = useToast();
  const navigate = useNavigate();
  const list = RPC_ROUTES[variant].list;
  if (!record) return <Navigate to={list.href()} replace />;
  const initial: RpcUrlInput = { name: record.name, provider: record.provider as RpcUrlInput["provider"], rpc: record.rpc, wss: record.wss };
  return (
    <section className="card">
      <div className="page-heading">
        <BackLink to={list.href()} label="Back to the RPC list" />
        <h2>{locked ? "View RPC" : "Edit RPC"}</h2>
        {locked && (
          <Button variant="secondary" onClick={() => setLocked(false)}>
            Edit
          </Button>
        )}
      </div>
      <RpcForm
        key={String(locked)}
        initial={initial}
        locked={locked}
        errors={errors}
        submitLabel="Update RPC"
        busy={edit.isPending}
        onSubmit={(input) =>
          edit.mutate(
            { ...input, _id: record._id },
            {
              onSuccess: (result) => {
                clear();
                toast.success(result.message ?? MESSAGES.rpcEdited);
                navigate(list.href());
              },
              onError: fail,
            },
          )
        }
      />
    </section>
  );
}
