import { MESSAGES } from "@pli/api/public-contract";
import { useNavigate } from "react-router-dom";
import { settle } from "@/shared/api/settle";
import { Section } from "@/shared/ui/section";
import { useToast } from "@/shared/ui/toast";
import { useAddRpcUrl } from "../api/save-rpc-url";
import { RpcForm } from "../components/rpc-form";
import { RPC_ROUTES, type RpcVariant } from "../rpc-routes";

export function AddRpcPage({ variant }: { variant: RpcVariant }) {
  const add = useAddRpcUrl();
  const toast = useToast();
  const navigate = useNavigate();
  const list = RPC_ROUTES[variant].list;
  return (
    <Section>
      <RpcForm
        submitLabel="Add RPC"
        busy={add.isPending}
        failure={add.error}
        onSubmit={(input) =>
          void settle(add, input, {
            onSuccess: (result) => {
              toast.success(result.message ?? MESSAGES.rpcAdded);
              navigate(list.href());
            },
            onError: "silent",
          })
        }
      />
    </Section>
  );
}
