import { reputationTone, reputationViewable, type NodeResponse } from "@pli/api/public-contract";
import { Anchor, Button, Stack, Text } from "@mantine/core";
import { formatScoreValue } from "@/shared/format";
import { nodeMessages } from "../messages";
import { REPUTATION_COLORS } from "../node-display";
import type { InsightKind } from "./node-insight-modal";

/** Spec 4: the score (green above 3, red otherwise) for an Active or De-Active node in Stake; 'NA' otherwise. */
export function ReputationCell({ node, onOpen }: { node: NodeResponse; onOpen: (kind: InsightKind) => void }) {
  if (!reputationViewable(node.status, node.stake.status)) return <Text size="sm">{nodeMessages.notApplicable}</Text>;
  const score = node.reputationScore;
  const shown = formatScoreValue(score);
  return (
    <Stack gap={4} align="flex-start">
      <Button
        size="compact-sm"
        variant="light"
        color={score === null ? "gray" : REPUTATION_COLORS[reputationTone(score)]}
        onClick={() => onOpen("reputation")}
        aria-label={`${shown}: reputation of ${node.name}`}
      >
        {shown}
      </Button>
      <Anchor
        component="button"
        type="button"
        size="sm"
        onClick={() => onOpen("inactiveDates")}
        aria-label={`InActive Dates of ${node.name}`}
      >
        InActive Dates
      </Anchor>
    </Stack>
  );
}
