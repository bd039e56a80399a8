import { MESSAGES, type InviteResponse } from "@pli/api/public-contract";
import { Button } from "@mantine/core";
import { settle } from "@/shared/api/settle";
import { TONE_COLORS } from "@/shared/theme/theme";
import { useDialogs } from "@/shared/ui/dialogs";
import { useToast } from "@/shared/ui/toast";
import { useRemoveInvite } from "../api/remove-invite";

/** Remove, after the typed confirmation. */
export function RemoveInviteButton({ invite }: { invite: InviteResponse }) {
  const remove = useRemoveInvite();
  const { confirmTyped } = useDialogs();
  const toast = useToast();
  const onClick = async () => {
    if (!(await confirmTyped({ title: "Remove this invite?", text: MESSAGES.inviteRemoveConfirm, destructive: true })))
      return;
    await settle(remove, invite._id, { onSuccess: ({ message }) => toast.success(message) });
  };
  return (
    <Button
      size="xs"
      variant="light"
      color={TONE_COLORS.danger}
      loading={remove.isPending}
      onClick={() => void onClick()}
      aria-label={`Remove ${invite.email}`}
    >
      Remove
    </Button>
  );
}
