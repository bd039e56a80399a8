import { PROVIDERS, rpcUrlSchema, type RpcUrlInput } from "@pli/api/public-contract";
import { Button, Group, NativeSelect, SimpleGrid, Stack, TextInput } from "@mantine/core";
import { useEffect } from "react";
import { useSchemaForm } from "@/shared/forms/use-schema-form";

interface RpcFormProps {
  initial?: RpcUrlInput;
  submitLabel: string;
  busy: boolean;
  locked?: boolean;
  /** A failed save: its field errors appear under the fields. */
  failure?: unknown;
  onSubmit: (input: RpcUrlInput) => void;
}

const EMPTY: RpcUrlInput = { name: "", provider: PROVIDERS[0], rpc: "", wss: "" };

export function RpcForm({ initial = EMPTY, submitLabel, busy, locked = false, failure, onSubmit }: RpcFormProps) {
  const { form, fail, onInvalid, errorOf } = useSchemaForm(rpcUrlSchema, initial);
  useEffect(() => {
    if (failure) fail(failure);
  }, [failure, fail]);
  const field = (name: "name" | "rpc" | "wss", label: string, placeholder: string) => (
    <TextInput
      label={label}
      placeholder={placeholder}
      disabled={locked}
      {...form.register(name)}
      error={errorOf(name)}
      errorProps={{ role: "alert" }}
    />
  );
  return (
    <form onSubmit={form.handleSubmit((input) => onSubmit(input), onInvalid)} noValidate>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          {field("name", "Name", "My XDC full node")}
          <NativeSelect
            label="Provider"
            data={[...PROVIDERS]}
            disabled={locked}
            {...form.register("provider")}
            error={errorOf("provider")}
          />
          {field("rpc", "RPC URL", "https://rpc.example.com")}
          {field("wss", "WSS URL", "wss://ws.example.com")}
        </SimpleGrid>
        {!locked && (
          <Group>
            <Button type="submit" loading={busy}>
              {submitLabel}
            </Button>
          </Group>
        )}
      </Stack>
    </form>
  );
}
