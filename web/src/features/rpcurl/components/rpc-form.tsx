import {
  OTHER_PROVIDER,
  PROVIDERS,
  rpcUrlFormSchema,
  rpcUrlFormValues,
  rpcUrlInputOf,
  type RpcUrlInput,
} from "@pli/api/public-contract";
import { Button, Group, NativeSelect, SimpleGrid, Stack, TextInput } from "@mantine/core";
import { useEffect } from "react";
import { useSchemaForm } from "@/shared/forms/use-schema-form";
import { example } from "@/shared/forms/example";
import { Detail, DetailGrid, plainValue } from "@/shared/ui/detail";

interface RpcFormProps {
  initial?: RpcUrlInput;
  submitLabel: string;
  busy: boolean;
  /** A failed save: its field errors appear under the fields. */
  failure?: unknown;
  onSubmit: (input: RpcUrlInput) => void;
}

const EMPTY: RpcUrlInput = { name: "", provider: PROVIDERS[0], rpc: "", wss: "" };

/** The record's fields; a provider outside the list is kept, shown as Others with its name (spec section 3). */
export function RpcForm({ initial = EMPTY, submitLabel, busy, failure, onSubmit }: RpcFormProps) {
  const { form, fail, onInvalid, errorOf } = useSchemaForm(rpcUrlFormSchema, rpcUrlFormValues(initial));
  const provider = form.watch("provider");
  useEffect(() => {
    if (failure) fail(failure);
  }, [failure, fail]);
  const field = (name: "name" | "rpc" | "wss", label: string, placeholder: string) => (
    <TextInput
      label={label}
      placeholder={example(placeholder)}
      {...form.register(name)}
      error={errorOf(name)}
      errorProps={{ role: "alert" }}
    />
  );
  return (
    <form onSubmit={form.handleSubmit((values) => onSubmit(rpcUrlInputOf(values)), onInvalid)} noValidate>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          {field("name", "Name", "My XDC full node")}
          <NativeSelect
            label="Provider"
            data={[...PROVIDERS]}
            {...form.register("provider", { onChange: () => form.setValue("otherProvider", "") })}
            error={errorOf("provider")}
          />
          {provider === OTHER_PROVIDER ? (
            <TextInput
              label="Other Provider"
              placeholder={example("Hetzner")}
              withAsterisk
              {...form.register("otherProvider")}
              error={errorOf("otherProvider")}
              errorProps={{ role: "alert" }}
            />
          ) : null}
          {field("rpc", "RPC URL", "https://rpc.example.com")}
          {field("wss", "WSS URL", "wss://ws.example.com")}
        </SimpleGrid>
        <Group>
          <Button type="submit" loading={busy}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The record's fields read-only (View RPC): values as text, never as inputs; a provider outside the list as Others. */
export function RpcDetails({ value }: { value: RpcUrlInput }) {
  const shown = rpcUrlFormValues(value);
  return (
    <DetailGrid>
      <Detail label="Name">{plainValue(shown.name)}</Detail>
      <Detail label="Provider">{plainValue(shown.provider)}</Detail>
      {shown.provider === OTHER_PROVIDER ? (
        <Detail label="Other Provider">{plainValue(shown.otherProvider)}</Detail>
      ) : null}
      <Detail label="RPC URL">{plainValue(shown.rpc)}</Detail>
      <Detail label="WSS URL">{plainValue(shown.wss)}</Detail>
    </DetailGrid>
  );
}
