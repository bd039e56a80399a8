import { Section } from "@/shared/ui/section";
import { PositionsTable } from "../components/positions-table";
import { stakingMessages } from "../messages";

/** /additionalstake: the operator's stake positions, each with a top-up link to its staking screen. */
export function AdditionalStakePage() {
  return (
    <Section title={stakingMessages.positionsTitle} description={stakingMessages.topUpNote}>
      <PositionsTable />
    </Section>
  );
}
