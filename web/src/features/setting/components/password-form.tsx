import { MESSAGES, passwordUpdateSchema } from "@pli/api/public-contract";
import { Button, Group, PasswordInput, SimpleGrid, Stack } from "@mantine/core";
import { settle } from "@/shared/api/settle";
import { useSchemaForm } from "@/shared/forms/use-schema-form";
import { useToast } from "@/shared/ui/toast";
import { useUpdatePassword } from "../api/update-password";

export function PasswordForm() {
  const updatePassword = useUpdatePassword();
  const { form, fail, onInvalid, errorOf } = useSchemaForm(passwordUpdateSchema, {
    currentPassword: "",
    password: "",
    password2: "",
  });
  const toast = useToast();
  const submit = form.handleSubmit(
    (input) =>
      void settle(updatePassword, input, {
        onSuccess: () => {
          form.reset();
          toast.success(MESSAGES.passwordUpdated);
        },
        onError: fail,
      }),
    onInvalid,
  );
  return (
    <form onSubmit={submit} noValidate aria-label="Update Password">
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <PasswordInput
            label="Current Password"
            autoComplete="current-password"
            {...form.register("currentPassword")}
            error={errorOf("currentPassword")}
            errorProps={{ role: "alert" }}
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <PasswordInput
            label="New Password"
            autoComplete="new-password"
            {...form.register("password")}
            error={errorOf("password")}
            errorProps={{ role: "alert" }}
          />
          <PasswordInput
            label="Confirm Password"
            autoComplete="new-password"
            {...form.register("password2")}
            error={errorOf("password2")}
            errorProps={{ role: "alert" }}
          />
        </SimpleGrid>
        <Group>
          <Button type="submit" loading={updatePassword.isPending}>
            Update Password
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
