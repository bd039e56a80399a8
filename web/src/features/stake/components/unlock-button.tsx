import { mayUnlock, MESSAGES, STAKE_STATUS, type StakeResponse } from "@pli/api/public-contract";
import { Button, type ButtonProps } from "@mantine/core";
import { TxProgress } from "@/chain/tx-progress";
import { useWalletNodeTx } from "@/chain/wallet-node-tx";
import { settle } from "@/shared/api/settle";
import { TONE_COLORS } from "@/shared/theme/theme";
import { useToast } from "@/shared/ui/toast";
import { useConfirmUnlock } from "../api/unlock-stake";
import { stakeMessages } from "../stake-display";

/**
 * 'Unlock' for a position in Stake (nothing otherwise): unlock(wallet, node) from the admin's wallet
 * through the one transaction flow, then, once mined and indexed, the server is told and answers the
 * position as Unlock ('Token Unlocked Successfully'). A rejected or failed transaction changes nothing.
 * The live stream may show the row as Unlock before the flow ends: the button stays while its flow
 * runs, and the steps after it do not depend on the button still being shown.
 */
export function UnlockButton({ stake, size = "xs" }: { stake: StakeResponse; size?: ButtonProps["size"] }) {
  const unlock = useWalletNodeTx("unlock");
  const confirm = useConfirmUnlock();
  const toast = useToast();
  const running = unlock.flow.state.status === "running";
  if (!mayUnlock(stake.status) && !running) return null;

  const onUnlock = async () => {
    try {
      const record = { type: "stake", status: STAKE_STATUS.unlock } as const;
      if ((await unlock.send(stake.walletAddress, stake.nodeAddress, record)) === "proposed") return;
    } catch {
      return;
    }
    unlock.flow.reset();
    await settle(confirm, stake._id, {
      onSuccess: (result) => toast.success(result.message ?? MESSAGES.tokenUnlocked),
    });
  };
  const label = stake.nodesetting.name || stake.nodeAddress;
  return (
    <>
      <TxProgress state={unlock.flow.state} explorerTxUrl={unlock.flow.explorerTxUrl} onClose={unlock.flow.reset} />
      <Button
        size={size}
        color={TONE_COLORS.warning}
        variant="light"
        loading={running || confirm.isPending}
        onClick={() => void onUnlock()}
        aria-label={`${stakeMessages.unlock} the stake on ${label}`}
      >
        {stakeMessages.unlock}
      </Button>
    </>
  );
}
