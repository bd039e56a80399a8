import type { OperatorResponse } from "@pli/api/public-contract";
import { Button } from "@mantine/core";
import { settle } from "@/shared/api/settle";
import { TONE_COLORS } from "@/shared/theme/theme";
import { useDialogs } from "@/shared/ui/dialogs";
import { useToast } from "@/shared/ui/toast";
import { useSetOperatorAccess } from "../api/set-operator-access";
import { operatorListMessages as text } from "../messages";

/** How many of the wallet's last characters the admin types to confirm, naming the operator they mean. */
const CONFIRM_TAIL = 6;

/** The word typed to confirm a change of `operator`: the end of their wallet, as stored (lowercase). */
const accessConfirmWord = (operator: Pick<OperatorResponse, "walletAddress">) =>
  operator.walletAddress.slice(-CONFIRM_TAIL);

/** The operator as the confirmation names them: email and the whole wallet, whose end the admin types. */
const named = ({ email, walletAddress }: OperatorResponse) =>
  email ? `${email} (wallet ${walletAddress})` : `the operator with the wallet ${walletAddress}`;

/** Disable or Enable an operator after the admin types the end of their wallet; the toast carries the API's answer. */
export function OperatorAccessButton({ operator }: { operator: OperatorResponse }) {
  const change = useSetOperatorAccess();
  const { confirmTyped } = useDialogs();
  const toast = useToast();
  const enable = operator.disabled;
  const label = enable ? text.enable : text.disable;
  const onClick = async () => {
    const confirmed = await confirmTyped({
      title: `${label} operator`,
      text: (enable ? text.confirmEnable : text.confirmDisable)(named(operator)),
      word: accessConfirmWord(operator),
      destructive: !enable,
    });
    if (!confirmed) return;
    await settle(
      change,
      { _id: operator._id, enabled: enable },
      { onSuccess: (result) => toast.success(result.message) },
    );
  };
  return (
    <Button
      size="xs"
      variant="light"
      color={enable ? TONE_COLORS.success : TONE_COLORS.danger}
      loading={change.isPending}
      onClick={() => void onClick()}
      aria-label={`${label} ${operator.email || operator.walletAddress}`}
    >
      {label}
    </Button>
  );
}
