import {
  MESSAGES,
  NODE_STATUS,
  operatorMayEdit,
  OTHER_PROVIDER,
  PROVIDERS,
  type NodeResponse,
} from "@pli/api/public-contract";
import { Button, Stack } from "@mantine/core";
import { Detail, plainValue } from "@/shared/ui/detail";
import { useState } from "react";
import { Navigate, useNavigate } from "react-router-dom";
import { settle } from "@/shared/api/settle";
import { routes } from "@/shared/config/routes";
import { useDialogs } from "@/shared/ui/dialogs";
import { usePageTitle } from "@/shared/ui/page-title";
import { RecordLoadFailed, RecordLoading } from "@/shared/ui/record-state";
import { Section } from "@/shared/ui/section";
import { useToast } from "@/shared/ui/toast";
import { useResubmitNode } from "../api/edit-node";
import { useNode } from "../api/get-node";
import { editNodeStore } from "../api/node-id-store";
import { NodeHealthDetails, showsHealth } from "../components/node-health";
import { NodeDetails } from "../components/node-details";
import { NodeForm, type NodeFormOutput, type NodeFormValues } from "../components/node-form";
import { nodeMessages } from "../messages";

const isProvider = (value: string): value is NodeFormValues["provider"] =>
  (PROVIDERS as readonly string[]).includes(value);

/** The form's values from a node as the API answers it. */
const formValues = (node: NodeResponse): NodeFormValues => ({
  name: node.name,
  description: node.description,
  logo: node.logo,
  provider: isProvider(node.provider) ? node.provider : OTHER_PROVIDER,
  otherProvider: node.otherProvider,
  ipaddress: node.ipaddress,
  os: node.os,
  ram: String(node.ram),
  storage: String(node.storage),
  security: node.security,
  oracleAddress: node.oracleAddress,
  nodeAddress: node.nodeAddress,
});

/**
 * 'View Node', fields locked; a Return node can be unlocked ('Edit Node') with the admin's notes shown
 * read-only, and is sent back as Pending. Only the node's id is kept in local storage (`editnode`).
 */
export function EditNodePage() {
  const [stored] = useState(editNodeStore.get);
  const node = useNode(stored?._id);
  const [locked, setLocked] = useState(true);
  usePageTitle(locked ? "View Node" : "Edit Node");
  if (!stored) return <Navigate to={routes.listNode.href()} replace />;
  if (node.isPending) return <RecordLoading />;
  if (!node.data) return <RecordLoadFailed error={node.error} />;
  return (
    <NodeEditor
      key={`${node.data._id}-${String(locked)}`}
      node={node.data}
      locked={locked}
      onUnlock={() => setLocked(false)}
    />
  );
}

function NodeEditor({ node, locked, onUnlock }: { node: NodeResponse; locked: boolean; onUnlock: () => void }) {
  const resubmit = useResubmitNode();
  const { confirmTyped } = useDialogs();
  const toast = useToast();
  const navigate = useNavigate();
  const editable = operatorMayEdit(node.status);

  const submit = async (values: NodeFormOutput) => {
    if (!(await confirmTyped({ text: nodeMessages.confirmSubmit }))) return;
    const { name, description, logo, provider, otherProvider, ipaddress, oracleAddress, nodeAddress } = values;
    void settle(
      resubmit,
      {
        _id: node._id,
        name,
        description,
        logo,
        provider,
        otherProvider,
        ipaddress,
        oracleAddress,
        nodeAddress,
        status: NODE_STATUS.pending,
      },
      {
        onSuccess: (result) => {
          toast.success(result.message ?? MESSAGES.nodeEdited);
          navigate(routes.listNode.href());
        },
        onError: "silent",
      },
    );
  };
  return (
    <Stack gap="md">
      {showsHealth(node) ? (
        <Section title={nodeMessages.healthTitle}>
          <NodeHealthDetails node={node} />
        </Section>
      ) : null}
      <Section
        actions={
          editable && locked ? (
            <Button variant="default" onClick={onUnlock}>
              Edit
            </Button>
          ) : undefined
        }
      >
        <Stack gap="md">
          {editable && node.adminNotes ? <Detail label="Admin's Notes">{plainValue(node.adminNotes)}</Detail> : null}
          {locked ? (
            <NodeDetails node={node} />
          ) : (
            <NodeForm
              mode="edit"
              initial={formValues(node)}
              wallet={node.walletAddress}
              nodeId={node._id}
              submitLabel="Update Node"
              busy={resubmit.isPending}
              failure={resubmit.error}
              onSubmit={(values) => void submit(values)}
            />
          )}
        </Stack>
      </Section>
    </Stack>
  );
}
