import { WEBHOOK_KIND, WEBHOOK_KIND_LABELS, webhookEditSchema, type WebhookResponse } from "@pli/api/public-contract";
import { Button, Checkbox, Group, Stack, TextInput } from "@mantine/core";
import { settle } from "@/shared/api/settle";
import { example } from "@/shared/forms/example";
import { useSchemaForm } from "@/shared/forms/use-schema-form";
import { useToast } from "@/shared/ui/toast";
import { useEditWebhook } from "../api/webhooks";

/**
 * A webhook's edit form: its name and target. The whole URL or bot token is never shown again, so a field left blank
 * keeps what is there; a signed webhook keeps its secret unless a new one is asked for (then shown once).
 */
export function EditWebhook({
  webhook,
  onSaved,
}: {
  webhook: WebhookResponse;
  onSaved: (secret: string | null) => void;
}) {
  const edit = useEditWebhook();
  const toast = useToast();
  const { form, fail, onInvalid, errorOf } = useSchemaForm(webhookEditSchema, {
    _id: webhook._id,
    name: webhook.name,
    url: "",
    chatId: "",
    botToken: "",
    rotateSecret: false,
  });
  const submit = form.handleSubmit(
    (values) =>
      void settle(edit, values, {
        onSuccess: (result) => {
          toast.success(result.message);
          onSaved(result.secret);
        },
        onError: fail,
      }),
    onInvalid,
  );
  const field = (name: "name" | "url" | "chatId" | "botToken", label: string, placeholder: string) => (
    <TextInput
      label={label}
      placeholder={placeholder}
      {...form.register(name)}
      error={errorOf(name)}
      errorProps={{ role: "alert" }}
    />
  );
  return (
    <form onSubmit={submit} noValidate aria-label={`Edit ${WEBHOOK_KIND_LABELS[webhook.kind]} webhook`}>
      <Stack gap="sm">
        {field("name", "Name", example("Ops channel"))}
        {webhook.kind === WEBHOOK_KIND.telegram ? (
          <>
            {field("chatId", "Chat id", `Blank keeps ${webhook.target}`)}
            {field("botToken", "Bot token", "Blank keeps the current token")}
          </>
        ) : (
          field("url", "Webhook URL", `Blank keeps ${webhook.target}`)
        )}
        {webhook.kind === WEBHOOK_KIND.json ? (
          <Checkbox
            label="Make a new signing secret (the current one stops working)"
            {...form.register("rotateSecret")}
            error={errorOf("rotateSecret")}
          />
        ) : null}
        <Group>
          <Button type="submit" size="xs" loading={edit.isPending}>
            Save Webhook
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
