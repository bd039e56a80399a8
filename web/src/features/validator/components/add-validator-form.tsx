import { USER_ROLE, validatorEntrySchema } from "@pli/api/public-contract";
import { Button, NativeSelect, SimpleGrid, Stack, TextInput } from "@mantine/core";
import { settle } from "@/shared/api/settle";
import { useSchemaForm } from "@/shared/forms/use-schema-form";
import { useToast } from "@/shared/ui/toast";
import { useAddValidator } from "../api/add-validator";

export const ROLE_OPTIONS = [USER_ROLE.validator, USER_ROLE.standby];

/** Admits one wallet (0x… or xdc…) with an optional email and its role. */
export function AddValidatorForm() {
  const { form, fail, onInvalid, errorOf } = useSchemaForm(validatorEntrySchema, {
    walletAddress: "",
    email: "",
    userRole: USER_ROLE.validator,
  });
  const add = useAddValidator();
  const toast = useToast();
  const onSubmit = form.handleSubmit(
    (entry) =>
      settle(add, entry, {
        onSuccess: ({ message }) => {
          toast.success(message);
          form.reset();
        },
        onError: fail,
      }),
    onInvalid,
  );
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Add a validator">
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md">
          <TextInput
            label="Wallet address"
            placeholder="0x… or xdc…"
            withAsterisk
            autoComplete="off"
            {...form.register("walletAddress")}
            error={errorOf("walletAddress")}
            errorProps={{ role: "alert" }}
          />
          <TextInput
            label="Email"
            placeholder="Optional"
            type="email"
            {...form.register("email")}
            error={errorOf("email")}
            errorProps={{ role: "alert" }}
          />
          <NativeSelect
            label="Role"
            withAsterisk
            data={ROLE_OPTIONS}
            {...form.register("userRole")}
            error={errorOf("userRole")}
            errorProps={{ role: "alert" }}
          />
        </SimpleGrid>
        <div>
          <Button type="submit" loading={add.isPending}>
            Add validator
          </Button>
        </div>
      </Stack>
    </form>
  );
}
