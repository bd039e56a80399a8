import {
  MESSAGES,
  NODE_STATUS,
  nodeReviewSchema,
  notesFor,
  REVIEW_STATUSES,
  type NodeResponse,
  type ReviewStatus,
} from "@pli/api/public-contract";
import { Button, Group, NativeSelect, Stack, Textarea } from "@mantine/core";
import { useNavigate } from "react-router-dom";
import { TxProgress } from "@/chain/tx-progress";
import { safeModeMessages } from "@/chain/safe/messages";
import { useWalletNodeTx } from "@/chain/wallet-node-tx";
import { routes } from "@/shared/config/routes";
import { useSchemaForm } from "@/shared/forms/use-schema-form";
import { useDialogs } from "@/shared/ui/dialogs";
import { useToast } from "@/shared/ui/toast";
import { useReviewNode } from "../api/edit-node";
import { nodeMessages } from "../messages";

const reviewFormSchema = nodeReviewSchema.omit({ _id: true });

/** The options of the admin's status select, in the spec's wording. */
const STATUS_OPTIONS: { value: ReviewStatus; label: string }[] = REVIEW_STATUSES.map((status) => ({
  value: status,
  label: status === NODE_STATUS.return ? "Return for Clarification" : status,
}));

const isReviewStatus = (status: string): status is ReviewStatus =>
  (REVIEW_STATUSES as readonly string[]).includes(status);

/**
 * Admin's Notes and Status, saved with 'Update Status' after the typed confirmation. Approved first
 * whitelists (owner wallet, node address) on the staking contract from the admin's wallet and is saved
 * only once that transaction is mined and indexed; a rejected or failed transaction saves nothing. The status the form
 * opened on goes with the review (the page opens the form again on each change it hears of): the API refuses it when
 * another admin or the operator changed the node since. In Safe mode the
 * whitelist is proposed with the approval, which the API saves when the Safe transaction executes.
 */
export function ReviewForm({ node }: { node: NodeResponse }) {
  const { form, fail, onInvalid, errorOf } = useSchemaForm(reviewFormSchema, {
    status: isReviewStatus(node.status) ? node.status : undefined,
    adminNotes: node.adminNotes,
  });
  const review = useReviewNode();
  const whitelist = useWalletNodeTx("whiteListIt");
  const { confirmTyped } = useDialogs();
  const toast = useToast();
  const navigate = useNavigate();

  const submit = async ({ status, adminNotes }: { status: ReviewStatus; adminNotes: string }) => {
    if (!(await confirmTyped({ text: nodeMessages.confirmUpdate }))) return;
    if (status === NODE_STATUS.approved) {
      try {
        const record = { type: "node", id: node._id, status: NODE_STATUS.approved } as const;
        if ((await whitelist.send(node.walletAddress, node.nodeAddress, record)) === "proposed") return;
      } catch {
        return;
      }
      whitelist.flow.reset();
    }
    try {
      const result = await review.mutateAsync({
        _id: node._id,
        status,
        adminNotes: notesFor(status, adminNotes),
        fromStatus: node.status,
      });
      toast.success(result.message ?? MESSAGES.nodeStatusUpdated);
      navigate(routes.adminListNode.href());
    } catch (error) {
      fail(error);
    }
  };
  const running = whitelist.flow.state.status === "running";
  return (
    <form
      onSubmit={form.handleSubmit((values) => void submit(values), onInvalid)}
      noValidate
      aria-label="Update Status"
    >
      <TxProgress
        state={whitelist.flow.state}
        explorerTxUrl={whitelist.flow.explorerTxUrl}
        onClose={whitelist.flow.reset}
        tryAgain={nodeMessages.whitelistTryAgain}
      />
      <Stack gap="md">
        <Textarea
          label="Admin's Notes"
          description="Sent to the operator only with Return for Clarification"
          autosize
          minRows={3}
          {...form.register("adminNotes")}
          error={errorOf("adminNotes")}
          errorProps={{ role: "alert" }}
        />
        <NativeSelect
          label="Status"
          data={[{ value: "", label: "Select Status" }, ...STATUS_OPTIONS]}
          {...form.register("status")}
          description={whitelist.safeMode ? safeModeMessages.statusOnExecution : undefined}
          error={errorOf("status")}
          errorProps={{ role: "alert" }}
        />
        <Group>
          <Button type="submit" loading={review.isPending || running}>
            Update Status
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
