import { List, Text } from "@mantine/core";
import { Alert } from "@/shared/ui/alert";
import { stakingMessages } from "../messages";

/** The staking screen's advice (spec section 2), with the chain recording the stake even if the window closes. */
export function StakeWarnings() {
  return (
    <Alert tone="info" title={stakingMessages.warningsTitle}>
      <List size="sm" spacing={4}>
        {stakingMessages.warnings.map((warning) => (
          <List.Item key={warning}>
            <Text size="sm">{warning}</Text>
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}
