import { totpCodeSchema } from "@pli/api/public-contract";
import { Button, Group } from "@mantine/core";
import { useSchemaForm } from "@/shared/forms/use-schema-form";
import { CodeInput } from "@/shared/ui/code-input";

interface CodeFormProps {
  label: string;
  submitLabel: string;
  busy: boolean;
  /** The server's refusal of the last code. */
  error?: string;
  /** The action turns a protection off: shown in the danger colour. */
  danger?: boolean;
  onSubmit: (code: string) => void;
}

/** A 6-digit code from the authenticator app, checked with the API's schema, and the button that sends it. */
export function CodeForm({ label, submitLabel, busy, error, danger = false, onSubmit }: CodeFormProps) {
  const { form, errorOf } = useSchemaForm(totpCodeSchema, { otp: "" });
  return (
    <form onSubmit={form.handleSubmit(({ otp }) => onSubmit(otp))} noValidate>
      <Group align="flex-start" gap="sm">
        <CodeInput
          label={label}
          w={{ base: "100%", xs: 260 }}
          {...form.register("otp")}
          error={errorOf("otp") ?? error}
        />
        <Button type="submit" loading={busy} color={danger ? "red.9" : undefined} mt={{ base: 0, xs: 25 }}>
          {submitLabel}
        </Button>
      </Group>
    </form>
  );
}
