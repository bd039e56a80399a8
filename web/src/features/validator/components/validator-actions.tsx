import { MESSAGES, type UserRole, type ValidatorResponse } from "@pli/api/public-contract";
import { Button, Group, NativeSelect } from "@mantine/core";
import { settle } from "@/shared/api/settle";
import { TONE_COLORS } from "@/shared/theme/theme";
import { useDialogs } from "@/shared/ui/dialogs";
import { useToast } from "@/shared/ui/toast";
import { useChangeValidatorRole } from "../api/change-role";
import { useRemoveValidator } from "../api/remove-validator";
import { ROLE_OPTIONS } from "./add-validator-form";

/** A row's role, changed as soon as another is chosen. */
export function RoleSelect({ entry }: { entry: ValidatorResponse }) {
  const change = useChangeValidatorRole();
  const toast = useToast();
  return (
    <NativeSelect
      size="xs"
      w={120}
      aria-label={`Role of ${entry.walletAddress}`}
      data={ROLE_OPTIONS}
      value={entry.userRole}
      disabled={change.isPending}
      onChange={(event) =>
        void settle(
          change,
          { walletAddress: entry.walletAddress, userRole: event.currentTarget.value as UserRole },
          { onSuccess: ({ message }) => toast.success(message) },
        )
      }
    />
  );
}

/** Remove, after the typed confirmation. */
export function RemoveValidatorButton({ entry }: { entry: ValidatorResponse }) {
  const remove = useRemoveValidator();
  const { confirmTyped } = useDialogs();
  const toast = useToast();
  const onClick = async () => {
    if (
      !(await confirmTyped({
        title: "Remove this validator?",
        text: MESSAGES.validatorRemoveConfirm,
        destructive: true,
      }))
    )
      return;
    await settle(remove, entry.walletAddress, { onSuccess: ({ message }) => toast.success(message) });
  };
  return (
    <Group gap="xs" wrap="nowrap">
      <Button
        size="xs"
        variant="light"
        color={TONE_COLORS.danger}
        loading={remove.isPending}
        onClick={() => void onClick()}
        aria-label={`Remove ${entry.walletAddress}`}
      >
        Remove
      </Button>
    </Group>
  );
}
