import { passkeyNameSchema, type PasskeyResponse } from "@pli/api/public-contract";
import { Button, Group, TextInput } from "@mantine/core";
import { settle } from "@/shared/api/settle";
import { useSchemaForm } from "@/shared/forms/use-schema-form";
import { useToast } from "@/shared/ui/toast";
import { usePasskeyChanges } from "../api/passkey-changes";

/** A passkey's name, edited in its row. */
export function RenamePasskeyForm({ passkey, onDone }: { passkey: PasskeyResponse; onDone: () => void }) {
  const { rename } = usePasskeyChanges();
  const toast = useToast();
  const { form, fail, onInvalid, errorOf } = useSchemaForm(passkeyNameSchema, { name: passkey.name });
  const submit = form.handleSubmit(
    ({ name }) =>
      void settle(
        rename,
        { _id: passkey._id, name },
        {
          onSuccess: (result) => {
            toast.success(result.message);
            onDone();
          },
          onError: fail,
        },
      ),
    onInvalid,
  );
  return (
    <form onSubmit={submit} noValidate aria-label={`Rename ${passkey.name}`}>
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <TextInput
          size="xs"
          aria-label="New passkey name"
          data-autofocus
          {...form.register("name")}
          error={errorOf("name")}
          errorProps={{ role: "alert" }}
        />
        <Button size="xs" type="submit" loading={rename.isPending}>
          Save
        </Button>
        <Button size="xs" variant="default" onClick={onDone}>
          Cancel
        </Button>
      </Group>
    </form>
  );
}
