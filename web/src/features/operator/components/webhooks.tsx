import {
  MESSAGES,
  WEBHOOK_KIND,
  WEBHOOK_KIND_LABELS,
  WEBHOOK_KINDS,
  WEBHOOK_LIMITS,
  webhookCreateSchema,
  type WebhookAttemptResponse,
  type WebhookResponse,
} from "@pli/api/public-contract";
import { Badge, Button, Collapse, Group, NativeSelect, Paper, Stack, Table, Text, TextInput } from "@mantine/core";
import { useState } from "react";
import { errorMessage } from "@/shared/api/http";
import { settle } from "@/shared/api/settle";
import { example } from "@/shared/forms/example";
import { useSchemaForm } from "@/shared/forms/use-schema-form";
import { formatDate } from "@/shared/format/dates";
import { TONE_COLORS } from "@/shared/theme/theme";
import { WRAP_ANYWHERE } from "@/shared/ui/detail";
import { useDialogs } from "@/shared/ui/dialogs";
import { LongValue } from "@/shared/ui/long-value";
import { RowActions } from "@/shared/ui/row-actions";
import { useToast } from "@/shared/ui/toast";
import {
  useAddWebhook,
  useDeleteWebhook,
  useSwitchWebhook,
  useTestWebhook,
  useWebhookDeliveries,
  useWebhooks,
  type WebhookForm,
} from "../api/webhooks";
import { EditWebhook } from "./edit-webhook";
import { WebhookSecret } from "./webhook-secret";

/** An attempt in a few words: its HTTP status or error, and how long it took. */
const attemptText = (attempt: WebhookAttemptResponse) =>
  `${attempt.httpStatus === null ? (attempt.error ?? "No answer") : `HTTP ${attempt.httpStatus}`} · ${attempt.latencyMs} ms`;

const delivered = (attempt: WebhookAttemptResponse) =>
  attempt.httpStatus !== null && attempt.httpStatus >= 200 && attempt.httpStatus < 300;

function DeliveryLog({ webhookId }: { webhookId: string }) {
  const log = useWebhookDeliveries(webhookId, true);
  if (!log.data) return <Text c="dimmed">{log.isError ? errorMessage(log.error) : MESSAGES.loading}</Text>;
  if (log.data.data.length === 0) return <Text size="sm">No delivery yet.</Text>;
  return (
    <Table.ScrollContainer minWidth={0}>
      <Table aria-label="Delivery log" verticalSpacing={4}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Time</Table.Th>
            <Table.Th>Event</Table.Th>
            <Table.Th>Result</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {log.data.data.map((attempt, index) => (
            <Table.Tr key={`${attempt.at}-${index}`}>
              <Table.Td>{formatDate(attempt.at, "operatorDashboard")}</Table.Td>
              <Table.Td>{attempt.event}</Table.Td>
              <Table.Td style={WRAP_ANYWHERE}>
                <Text size="sm" c={delivered(attempt) ? undefined : TONE_COLORS.danger}>
                  {attemptText(attempt)}
                </Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function WebhookRow({ webhook }: { webhook: WebhookResponse }) {
  const [logOpen, setLogOpen] = useState(false);
  const [editing, setEditing] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);
  const test = useTestWebhook();
  const onOff = useSwitchWebhook();
  const remove = useDeleteWebhook();
  const toast = useToast();
  const dialogs = useDialogs();
  const last = webhook.lastAttempt;
  const label = WEBHOOK_KIND_LABELS[webhook.kind];
  const onDelete = async () => {
    if (
      await dialogs.confirmTyped({
        title: "Delete webhook",
        text: `Delete the ${label} webhook ${webhook.target}?`,
        destructive: true,
      })
    )
      void settle(remove, webhook._id, { onSuccess: (result) => toast.success(result.message) });
  };
  return (
    <Paper component="li" withBorder radius="sm" p="sm" aria-label={`${label} webhook`}>
      <Stack gap="xs">
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Group gap="xs" wrap="wrap" miw={0}>
            <Badge variant="light" color={TONE_COLORS.primary}>
              {label}
            </Badge>
            {webhook.name ? (
              <Text fw={500} style={WRAP_ANYWHERE}>
                {webhook.name}
              </Text>
            ) : null}
            <LongValue value={webhook.target} maw="16rem" />
            <Badge variant="light" color={webhook.enabled ? TONE_COLORS.success : TONE_COLORS.danger}>
              {webhook.enabled ? "Enabled" : "Turned off"}
            </Badge>
          </Group>
          <RowActions
            danger={
              <Button size="xs" variant="subtle" color={TONE_COLORS.danger} onClick={() => void onDelete()}>
                Delete
              </Button>
            }
          >
            <Button
              size="xs"
              variant="light"
              disabled={!webhook.enabled}
              loading={test.isPending}
              onClick={() => void settle(test, webhook._id, { onSuccess: (result) => toast.success(result.message) })}
            >
              Send test
            </Button>
            <Button size="xs" variant="subtle" aria-expanded={logOpen} onClick={() => setLogOpen((open) => !open)}>
              Delivery log
            </Button>
          </RowActions>
        </Group>
        <Group gap="xs" wrap="wrap">
          <Button
            size="xs"
            variant="light"
            loading={onOff.isPending}
            onClick={() =>
              void settle(
                onOff,
                { _id: webhook._id, enabled: !webhook.enabled },
                { onSuccess: (result) => toast.success(result.message) },
              )
            }
          >
            {webhook.enabled ? "Turn off" : "Turn on"}
          </Button>
          <Button size="xs" variant="subtle" aria-expanded={editing} onClick={() => setEditing((open) => !open)}>
            Edit
          </Button>
        </Group>
        <Text size="sm" c={last && !delivered(last) ? TONE_COLORS.danger : "dimmed"} style={WRAP_ANYWHERE}>
          {last
            ? `Last delivery: ${attemptText(last)}, ${formatDate(last.at, "operatorDashboard")}`
            : "No delivery yet"}
        </Text>
        {secret ? <WebhookSecret secret={secret} onDone={() => setSecret(null)} /> : null}
        <Collapse expanded={editing}>
          {editing ? (
            <EditWebhook
              webhook={webhook}
              onSaved={(made) => {
                setEditing(false);
                setSecret(made);
              }}
            />
          ) : null}
        </Collapse>
        <Collapse expanded={logOpen}>{logOpen ? <DeliveryLog webhookId={webhook._id} /> : null}</Collapse>
      </Stack>
    </Paper>
  );
}

const EMPTY: WebhookForm = { kind: WEBHOOK_KIND.discord, url: "", botToken: "", chatId: "" };

const URL_EXAMPLES = {
  discord: "https://discord.com/api/webhooks/…",
  slack: "https://hooks.slack.com/services/…",
  json: "https://alerts.example.com/pli",
} as const;

/** The add form: the fields of the chosen kind; a generic JSON webhook's secret is shown once after it is added. */
function AddWebhook({ full }: { full: boolean }) {
  const add = useAddWebhook();
  const toast = useToast();
  const [secret, setSecret] = useState<string | null>(null);
  const { form, fail, onInvalid, errorOf } = useSchemaForm(webhookCreateSchema, EMPTY);
  const kind = form.watch("kind");
  const submit = () =>
    void settle(add, form.getValues() as WebhookForm, {
      onSuccess: (result) => {
        toast.success(result.message);
        setSecret(result.secret);
        form.reset({ ...EMPTY, kind: form.getValues("kind") });
      },
      onError: fail,
    });
  const text = (name: "url" | "botToken" | "chatId", label: string, placeholder: string) => (
    <TextInput
      label={label}
      placeholder={example(placeholder)}
      {...form.register(name)}
      error={errorOf(name)}
      errorProps={{ role: "alert" }}
    />
  );
  return (
    <Stack gap="md">
      {secret ? <WebhookSecret secret={secret} onDone={() => setSecret(null)} /> : null}
      {full ? (
        <Text size="sm" c="dimmed">
          You have {WEBHOOK_LIMITS.perOperator} webhooks, the most an account can have: delete one to add another.
        </Text>
      ) : (
        <form onSubmit={form.handleSubmit(submit, onInvalid)} noValidate aria-label="Add webhook">
          <Stack gap="sm">
            <NativeSelect
              label="Kind"
              data={WEBHOOK_KINDS.map((value) => ({ value, label: WEBHOOK_KIND_LABELS[value] }))}
              {...form.register("kind")}
              error={errorOf("kind")}
            />
            {kind === WEBHOOK_KIND.telegram ? (
              <>
                {text("botToken", "Bot token", "123456789:AAE…")}
                {text("chatId", "Chat id", "-1001234567890")}
              </>
            ) : (
              text("url", "Webhook URL", URL_EXAMPLES[kind])
            )}
            <Group>
              <Button type="submit" loading={add.isPending}>
                Add Webhook
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Stack>
  );
}

/** The operator's webhooks: each with its kind, masked target, state and last delivery; add, test, log, delete. */
export function Webhooks() {
  const webhooks = useWebhooks();
  if (!webhooks.data)
    return <Text c="dimmed">{webhooks.isError ? errorMessage(webhooks.error) : MESSAGES.loading}</Text>;
  const list = webhooks.data.data;
  return (
    <Stack gap="md">
      {list.length === 0 ? (
        <Text size="sm">No webhook yet.</Text>
      ) : (
        <Stack component="ul" gap="sm" m={0} p={0} style={{ listStyle: "none" }} aria-label="Webhooks">
          {list.map((webhook) => (
            <WebhookRow key={webhook._id} webhook={webhook} />
          ))}
        </Stack>
      )}
      <AddWebhook full={list.length >= WEBHOOK_LIMITS.perOperator} />
    </Stack>
  );
}
