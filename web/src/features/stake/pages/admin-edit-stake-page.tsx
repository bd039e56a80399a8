import { parseStakeId } from "@pli/api/public-contract";
import { Stack } from "@mantine/core";
import { Navigate, useSearchParams } from "react-router-dom";
import { routes } from "@/shared/config/routes";
import { RecordLoadFailed, RecordLoading } from "@/shared/ui/record-state";
import { Section } from "@/shared/ui/section";
import { StatusBadge } from "@/shared/ui/status-badge";
import { useStake } from "../api/get-stake";
import { StakeDetails } from "../components/stake-details";
import { StakeHistory } from "../components/stake-history";
import { UnlockButton } from "../components/unlock-button";
import { stakeMessages } from "../stake-display";

/** One stake position (?id=0x<wallet>-0x<node>) with its history and Unlock; without a valid id back to the list. */
export function AdminEditStakePage() {
  const [search] = useSearchParams();
  const raw = search.get("id");
  const id = raw && parseStakeId(raw) ? raw : null;
  const stake = useStake(id);
  if (!id) return <Navigate to={routes.adminListStake.href()} replace />;
  if (stake.isPending) return <RecordLoading />;
  if (!stake.data) return <RecordLoadFailed error={stake.error} />;
  return (
    <Stack gap="md">
      <Section
        title={stake.data.nodesetting.name || "Stake"}
        actions={
          <>
            <StatusBadge entity="stake" status={stake.data.status} />
            <UnlockButton stake={stake.data} size="sm" />
          </>
        }
      >
        <StakeDetails stake={stake.data} />
      </Section>
      <Section title={stakeMessages.historyTitle}>
        <StakeHistory events={stake.data.transaction} />
      </Section>
    </Stack>
  );
}
