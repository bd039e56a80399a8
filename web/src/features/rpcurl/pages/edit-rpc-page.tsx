import { MESSAGES, type RpcUrlInput } from "@pli/api/public-contract";
import { Button } from "@mantine/core";
import { useState } from "react";
import { Navigate, useNavigate } from "react-router-dom";
import { settle } from "@/shared/api/settle";
import { usePageTitle } from "@/shared/ui/page-title";
import { Section } from "@/shared/ui/section";
import { useToast } from "@/shared/ui/toast";
import { editRpcStore } from "../api/edit-rpc-store";
import { useEditRpcUrl } from "../api/save-rpc-url";
import { RpcDetails, RpcForm } from "../components/rpc-form";
import { RPC_ROUTES, type RpcVariant } from "../rpc-routes";

/** View first, the values as details; 'Edit' opens the form. The record comes from local storage (`editrpc`). */
export function EditRpcPage({ variant }: { variant: RpcVariant }) {
  const [record] = useState(editRpcStore.get);
  const [locked, setLocked] = useState(true);
  const list = RPC_ROUTES[variant].list;
  usePageTitle(locked ? "View RPC" : "Edit RPC");
  if (!record) return <Navigate to={list.href()} replace />;
  const initial: RpcUrlInput = {
    name: record.name,
    provider: record.provider,
    rpc: record.rpc,
    wss: record.wss,
  };
  return (
    <EditRpcForm
      key={String(locked)}
      id={record._id}
      initial={initial}
      locked={locked}
      onUnlock={() => setLocked(false)}
      listHref={list.href()}
    />
  );
}

function EditRpcForm({
  id,
  initial,
  locked,
  onUnlock,
  listHref,
}: {
  id: string;
  initial: RpcUrlInput;
  locked: boolean;
  onUnlock: () => void;
  listHref: string;
}) {
  const edit = useEditRpcUrl();
  const toast = useToast();
  const navigate = useNavigate();
  return (
    <Section
      actions={
        locked ? (
          <Button variant="default" onClick={onUnlock}>
            Edit
          </Button>
        ) : undefined
      }
    >
      {locked ? (
        <RpcDetails value={initial} />
      ) : (
        <RpcForm
          initial={initial}
          submitLabel="Update RPC"
          busy={edit.isPending}
          failure={edit.error}
          onSubmit={(input) =>
            void settle(
              edit,
              { ...input, _id: id },
              {
                onSuccess: (result) => {
                  toast.success(result.message ?? MESSAGES.rpcEdited);
                  navigate(listHref);
                },
                onError: "silent",
              },
            )
          }
        />
      )}
    </Section>
  );
}
