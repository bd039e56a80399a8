import { addPasskeyFormSchema, MESSAGES } from "@pli/api/public-contract";
import { Button, Group, PasswordInput, TextInput } from "@mantine/core";
import { HttpError } from "@/shared/api/http";
import { settle } from "@/shared/api/settle";
import { useSchemaForm } from "@/shared/forms/use-schema-form";
import { passkeyErrorMessage } from "@/shared/passkey/passkey-errors";
import { useToast } from "@/shared/ui/toast";
import { useAddPasskey } from "../api/add-passkey";

/** Full width on a phone, so the button goes under the fields instead of beside one. */
const FIELD_WIDTH = { base: "100%", sm: 220 };

/** Names a new passkey and confirms the admin's password, then lets the browser create it. */
export function AddPasskeyForm() {
  const add = useAddPasskey();
  const toast = useToast();
  const { form, fail, onInvalid, errorOf } = useSchemaForm(addPasskeyFormSchema, { name: "", password: "" });
  const submit = form.handleSubmit(
    (input) =>
      void settle(add, input, {
        onSuccess: () => {
          form.reset();
          toast.success(MESSAGES.passkeyAdded);
        },
        onError: (error) => (error instanceof HttpError ? fail(error) : toast.error(passkeyErrorMessage(error))),
      }),
    onInvalid,
  );
  return (
    <form onSubmit={submit} noValidate aria-label="Add a passkey">
      <Group gap="sm" align="flex-start">
        <TextInput
          w={FIELD_WIDTH}
          label="Passkey name"
          placeholder="Work laptop"
          autoComplete="off"
          {...form.register("name")}
          error={errorOf("name")}
          errorProps={{ role: "alert" }}
        />
        <PasswordInput
          w={FIELD_WIDTH}
          label="Current password"
          autoComplete="current-password"
          {...form.register("password")}
          error={errorOf("password")}
          errorProps={{ role: "alert" }}
        />
        <Button type="submit" mt={{ base: 0, sm: 25 }} loading={add.isPending}>
          Add passkey
        </Button>
      </Group>
    </form>
  );
}
