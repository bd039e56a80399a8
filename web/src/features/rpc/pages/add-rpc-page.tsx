import { MESSAGES } from "@pli/api/contract";
import { useNavigate } from "react-router-dom";
import { BackLink } from "../../../shared/ui/back-link";
import { useServerErrors } from "../../../shared/ui/form-errors";
import { useToast } from "../../../shared/ui/toast";
import { useRpcUrlMutations } from "../api/rpc-urls";
import { RpcForm } from "../components/rpc-form";
import { RPC_ROUTES, type RpcVariant } from "../rpc-routes";

export function AddRpcPage({ variant }: { variant: RpcVariant }) {
  const { add } = useRpcUrlMutations();
  const { errors, fail, clear } = useServerErrors();
  const toast = useToast();
  const navigate = useNavigate();
  const list = RPC_ROUTES[variant].list;
  return (
    <section className="card">
      <div className="page-heading">
        <BackLink to={list.href()} label="Back to the RPC list" />
        <h2>Add New RPC's</h2>
      </div>
      <RpcForm
        errors={errors}
        submitLabel="Add RPC"
        busy={add.isPending}
        onSubmit={(input) =>
          add.mutate(input, {
            onSuccess: (result) => {
              clear();
              toast.success(result.message ?? MESSAGES.rpcAdded);
              navigate(list.href());
            },
            onError: fail,
          })
        }
      />
    </section>
  );
}
