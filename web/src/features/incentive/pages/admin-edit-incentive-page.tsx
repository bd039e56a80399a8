import { INCENTIVE_STATUS, MESSAGES } from "@pli/api/public-contract";
import { Button } from "@mantine/core";
import { Navigate, useNavigate, useSearchParams } from "react-router-dom";
import { z } from "zod";
import { settle } from "@/shared/api/settle";
import { routes } from "@/shared/config/routes";
import { formatDate } from "@/shared/format/dates";
import { TONE_COLORS } from "@/shared/theme/theme";
import { useDialogs } from "@/shared/ui/dialogs";
import { RecordLoadFailed, RecordLoading } from "@/shared/ui/record-state";
import { Section } from "@/shared/ui/section";
import { StatusBadge } from "@/shared/ui/status-badge";
import { useToast } from "@/shared/ui/toast";
import { useDeleteIncentive } from "../api/delete-incentive";
import { useIncentive } from "../api/get-incentive";
import { IncentiveDetails } from "../components/incentive-details";
import { incentiveMessages } from "../messages";

const isId = (value: string | null): value is string => z.uuid().safeParse(value).success;

/**
 * One incentive (/admin/editincentive?id=): read-only, since its amount is accrued by the rule and its
 * payment comes from the chain; an UnPaid one can be deleted after typing yes. Without an id back to the list.
 */
export function AdminEditIncentivePage() {
  const [search] = useSearchParams();
  const raw = search.get("id");
  const id = isId(raw) ? raw : null;
  const incentive = useIncentive(id);
  const remove = useDeleteIncentive();
  const { confirmTyped } = useDialogs();
  const toast = useToast();
  const navigate = useNavigate();
  if (!id) return <Navigate to={routes.adminListIncentive.href()} replace />;
  if (incentive.isPending) return <RecordLoading />;
  if (!incentive.data) return <RecordLoadFailed error={incentive.error} />;
  const row = incentive.data;

  const onDelete = async () => {
    if (!(await confirmTyped({ text: incentiveMessages.confirmDelete(formatDate(row.date)), destructive: true })))
      return;
    await settle(remove, row._id, {
      onSuccess: (result) => {
        toast.success(result.message ?? MESSAGES.incentiveDeleted);
        navigate(routes.adminListIncentive.href());
      },
    });
  };

  return (
    <Section
      title={row.nodeName || "Incentive"}
      actions={
        <>
          <StatusBadge entity="incentive" status={row.status} />
          {row.status === INCENTIVE_STATUS.unPaid ? (
            <Button
              size="sm"
              color={TONE_COLORS.danger}
              variant="light"
              loading={remove.isPending}
              onClick={() => void onDelete()}
            >
              {incentiveMessages.deleteIncentive}
            </Button>
          ) : null}
        </>
      }
    >
      <IncentiveDetails incentive={row} />
    </Section>
  );
}
