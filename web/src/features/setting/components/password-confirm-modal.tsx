import { passwordConfirmSchema } from "@pli/api/public-contract";
import { Button, Group, Modal, PasswordInput, Stack, Text } from "@mantine/core";
import { HttpError } from "@/shared/api/http";
import { reportError } from "@/shared/api/settle";
import { useSchemaForm } from "@/shared/forms/use-schema-form";
import { TONE_COLORS } from "@/shared/theme/theme";
import { useToast } from "@/shared/ui/toast";

/** A change to the admin's second factors, run once they re-enter their password. */
export interface PasswordConfirmation {
  title: string;
  text: string;
  confirmLabel: string;
  /** Whether it takes something away (a passkey, the emailed code): its button is red then, the theme's own else. */
  removes: boolean;
  run: (password: string) => Promise<{ message: string }>;
}

function PasswordConfirmForm({ confirmation, onClose }: { confirmation: PasswordConfirmation; onClose: () => void }) {
  const toast = useToast();
  const { form, fail, onInvalid, errorOf } = useSchemaForm(passwordConfirmSchema, { password: "" });
  const submit = form.handleSubmit(async ({ password }) => {
    try {
      const result = await confirmation.run(password);
      toast.success(result.message);
      onClose();
    } catch (error) {
      if (error instanceof HttpError && error.errors.password) return fail(error);
      onClose();
      reportError(error);
    }
  }, onInvalid);
  return (
    <form onSubmit={submit} noValidate aria-label={confirmation.title}>
      <Stack gap="md">
        <Text size="sm">{confirmation.text}</Text>
        <PasswordInput
          label="Current password"
          autoComplete="current-password"
          data-autofocus
          {...form.register("password")}
          error={errorOf("password")}
          errorProps={{ role: "alert" }}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button
            type="submit"
            color={confirmation.removes ? TONE_COLORS.danger : undefined}
            loading={form.formState.isSubmitting}
          >
            {confirmation.confirmLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * Asks for the admin's password before a change that could lock them out: a wrong one shows under the
 * field and the dialog stays; any other outcome closes it with a toast.
 */
export function PasswordConfirmModal({
  confirmation,
  onClose,
}: {
  confirmation: PasswordConfirmation | null;
  onClose: () => void;
}) {
  return (
    <Modal opened={confirmation !== null} onClose={onClose} title={confirmation?.title} centered>
      {confirmation ? (
        <PasswordConfirmForm key={confirmation.title} confirmation={confirmation} onClose={onClose} />
      ) : null}
    </Modal>
  );
}
