import type { StakeResponse } from "@pli/api/public-contract";
import { Modal, Stack, Text } from "@mantine/core";
import { stakeMessages } from "../stake-display";
import { StakeHistory } from "./stake-history";

/** 'Transaction History' of one position: its stake, top-up, unlock and withdrawal transactions. */
export function HistoryModal({ stake, onClose }: { stake: StakeResponse | null; onClose: () => void }) {
  return (
    <Modal opened={stake !== null} onClose={onClose} title={stakeMessages.historyTitle} centered size="xl">
      {stake ? (
        <Stack gap="sm">
          <Text size="sm" fw={600}>
            {stake.nodesetting.name || stake.nodeAddress}
          </Text>
          <StakeHistory events={stake.transaction} />
        </Stack>
      ) : null}
    </Modal>
  );
}
