import { Anchor, Stack, Text } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import type { SafeAction, SafeRecord } from "@pli/api/public-contract";
import { useNavigate } from "react-router-dom";
import { errorMessage } from "@/shared/api/http";
import { routes } from "@/shared/config/routes";
import { alertDialog } from "@/shared/ui/dialogs";
import { useToast } from "@/shared/ui/toast";
import { safeModeMessages } from "./messages";
import { proposeToSafe, safeInfoQueryOptions, safeKeys, useSafeInfo } from "./safe-api";

/** What became of an admin chain action: sent by the caller ("direct", no Safe), proposed, or refused. */
export type SafeOutcome = "direct" | "proposed" | "failed";

/**
 * Safe mode for an admin chain action (GET /api/safe says whether a Safe is configured). Without a Safe
 * `proposeIfSafe` answers "direct" and the caller sends the transaction from the admin's wallet, as the spec says; with
 * one it proposes the action (POST /api/safe/proposals) and shows the API's message with a link to the queue, where
 * owners confirm and execute it; a record status change given with it is saved by the API on execution. Called after the screen's own typed confirmation, which then guards the proposal.
 */
export function useSafeProposal() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const toast = useToast();
  const info = useSafeInfo();

  const proposeIfSafe = async (action: SafeAction, record?: SafeRecord): Promise<SafeOutcome> => {
    try {
      const safe = await queryClient.fetchQuery(safeInfoQueryOptions());
      if (!safe.enabled) return "direct";
      const { message } = await proposeToSafe(action, record);
      await queryClient.invalidateQueries({ queryKey: safeKeys.all });
      toast.success(
        <Stack gap={4}>
          <Text size="sm">{message}</Text>
          {record ? <Text size="sm">{safeModeMessages.savedOnExecution(record.status)}</Text> : null}
          <Anchor component="button" type="button" size="sm" onClick={() => navigate(routes.adminSafeQueue.href())}>
            {safeModeMessages.openQueue}
          </Anchor>
        </Stack>,
      );
      return "proposed";
    } catch (error) {
      await alertDialog({ title: errorMessage(error), tone: "error" });
      return "failed";
    }
  };

  return { safeMode: info?.enabled === true, info, proposeIfSafe };
}
