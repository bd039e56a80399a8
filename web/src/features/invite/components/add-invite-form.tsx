import { inviteSchema } from "@pli/api/public-contract";
import { Button, Group, TextInput } from "@mantine/core";
import { settle } from "@/shared/api/settle";
import { useSchemaForm } from "@/shared/forms/use-schema-form";
import { useToast } from "@/shared/ui/toast";
import { useAddInvite } from "../api/add-invite";

/** Invites one email. */
export function AddInviteForm() {
  const { form, fail, onInvalid, errorOf } = useSchemaForm(inviteSchema, { email: "" });
  const add = useAddInvite();
  const toast = useToast();
  const onSubmit = form.handleSubmit(
    (body) =>
      settle(add, body, {
        onSuccess: ({ message }) => {
          toast.success(message);
          form.reset();
        },
        onError: fail,
      }),
    onInvalid,
  );
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Invite an email">
      <Group align="flex-start" gap="sm">
        <TextInput
          label="Email"
          type="email"
          withAsterisk
          w={{ base: "100%", sm: 360 }}
          {...form.register("email")}
          error={errorOf("email")}
          errorProps={{ role: "alert" }}
        />
        <Button type="submit" mt={{ base: 0, sm: 25 }} loading={add.isPending}>
          Add invite
        </Button>
      </Group>
    </form>
  );
}
