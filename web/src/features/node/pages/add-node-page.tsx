import { MESSAGES, NODE_MESSAGES } from "@pli/api/public-contract";
import { useCallback, useEffect, useRef, useState } from "react";
import { Navigate, useNavigate, useSearchParams } from "react-router-dom";
import { HttpError } from "@/shared/api/http";
import { settle } from "@/shared/api/settle";
import { routes } from "@/shared/config/routes";
import { useSession } from "@/shared/session/session-provider";
import { useDialogs } from "@/shared/ui/dialogs";
import { Section } from "@/shared/ui/section";
import { useToast } from "@/shared/ui/toast";
import { useAddNode } from "../api/add-node";
import { useNodeLimit } from "../api/get-nodes";
import { EMPTY_NODE, NodeForm, type NodeFormOutput } from "../components/node-form";
import { nodeLimitDialog } from "../components/node-limit-dialog";
import { nodeMessages } from "../messages";

/** The query that says the page was reached through 'Add Node' (spec section 2). */
const ADD_FLAG = "_a";

const isLimitRefusal = (error: unknown) =>
  error instanceof HttpError && error.status === 409 && error.message === NODE_MESSAGES.nodeLimitReached;

/**
 * 'Add New Node': reached only with ?_a=1; at the node limit the form is switched off and the OK-only dialog leads
 * back.
 */
export function AddNodePage() {
  const [search] = useSearchParams();
  if (search.get(ADD_FLAG) !== "1") return <Navigate to={routes.listNode.href()} replace />;
  return <AddNode />;
}

function AddNode() {
  const { wallet } = useSession();
  const add = useAddNode();
  const limit = useNodeLimit();
  const { confirmTyped } = useDialogs();
  const toast = useToast();
  const navigate = useNavigate();
  const [blocked, setBlocked] = useState(false);

  const refuse = useCallback(async () => {
    setBlocked(true);
    if (await nodeLimitDialog()) navigate(routes.listNode.href());
  }, [navigate]);
  // Decided once, on arrival: the node this page adds makes the limit refetch, and must not refuse itself.
  const limitDecided = useRef(false);
  useEffect(() => {
    if (limit.data === undefined || limitDecided.current) return;
    limitDecided.current = true;
    if (!limit.data) void refuse();
  }, [limit.data, refuse]);

  const submit = async (values: NodeFormOutput) => {
    if (!(await confirmTyped({ text: nodeMessages.confirmSubmit }))) return;
    void settle(add, values, {
      onSuccess: (result) => {
        toast.success(result.message ?? MESSAGES.nodeAdded);
        navigate(routes.listNode.href());
      },
      onError: (error) => (isLimitRefusal(error) ? void refuse() : undefined),
    });
  };
  return (
    <Section>
      <NodeForm
        mode="add"
        initial={EMPTY_NODE}
        wallet={wallet ?? ""}
        submitLabel="Add Node"
        busy={add.isPending}
        disabled={blocked}
        failure={add.error && !isLimitRefusal(add.error) ? add.error : undefined}
        onSubmit={(values) => void submit(values)}
      />
    </Section>
  );
}
