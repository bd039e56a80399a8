import {
  allowedStakeRequestStatuses,
  MESSAGES,
  STAKE_REQUEST_STATUS,
  stakeRequestStatusUpdateSchema,
  type StakeRequestResponse,
  type ReviewedStakeRequestStatus,
} from "@pli/api/public-contract";
import { Button, Group, NativeSelect, Stack } from "@mantine/core";
import { useNavigate } from "react-router-dom";
import { TxProgress } from "@/chain/tx-progress";
import { safeModeMessages } from "@/chain/safe/messages";
import { useWalletNodeTx } from "@/chain/wallet-node-tx";
import { routes } from "@/shared/config/routes";
import { statusBadge } from "@/shared/config/status";
import { useSchemaForm } from "@/shared/forms/use-schema-form";
import { useToast } from "@/shared/ui/toast";
import { useUpdateStakeRequestStatus } from "../api/update-request-status";

const statusFormSchema = stakeRequestStatusUpdateSchema.omit({ _id: true });

/**
 * The request's Status, saved with 'Update Status'; the select offers only what the shared rule
 * allows from the current status. Approved first whitelists (owner wallet, node address) on the farm
 * contract from the admin's wallet and is saved only once that transaction is mined and indexed (a
 * rejected or failed transaction saves nothing); Verified and Rejected are saved at once. In Safe mode the farm
 * whitelist is proposed with the approval, which the API saves when the Safe transaction executes.
 */
export function StakeRequestStatusForm({ request }: { request: StakeRequestResponse }) {
  const { form, fail, onInvalid, errorOf } = useSchemaForm(statusFormSchema, {});
  const update = useUpdateStakeRequestStatus();
  const farmWhitelist = useWalletNodeTx("whiteListPLIFarmNode");
  const toast = useToast();
  const navigate = useNavigate();
  const options = allowedStakeRequestStatuses(request.status).map((status) => ({
    value: status,
    label: statusBadge("request", status).label,
  }));

  const submit = async ({ status }: { status: ReviewedStakeRequestStatus }) => {
    if (status === STAKE_REQUEST_STATUS.approved) {
      try {
        const record = { type: "stakeRequest", id: request._id, status: STAKE_REQUEST_STATUS.approved } as const;
        const sent = await farmWhitelist.send(request.user.walletAddress, request.nodesetting.nodeAddress, record);
        if (sent === "proposed") return;
      } catch {
        return;
      }
      farmWhitelist.flow.reset();
    }
    try {
      const result = await update.mutateAsync({ _id: request._id, status });
      toast.success(result.message ?? MESSAGES.requestStatusUpdated);
      navigate(routes.adminListStakeRequest.href());
    } catch (error) {
      fail(error);
    }
  };
  const running = farmWhitelist.flow.state.status === "running";
  return (
    <form
      onSubmit={form.handleSubmit((values) => void submit(values), onInvalid)}
      noValidate
      aria-label="Update Status"
    >
      <TxProgress
        state={farmWhitelist.flow.state}
        explorerTxUrl={farmWhitelist.flow.explorerTxUrl}
        onClose={farmWhitelist.flow.reset}
      />
      <Stack gap="md">
        <NativeSelect
          label="Status"
          data={[{ value: "", label: "Select Status" }, ...options]}
          {...form.register("status")}
          description={farmWhitelist.safeMode ? safeModeMessages.statusOnExecution : undefined}
          error={errorOf("status")}
          errorProps={{ role: "alert" }}
        />
        <Group>
          <Button type="submit" loading={update.isPending || running}>
            Update Status
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
