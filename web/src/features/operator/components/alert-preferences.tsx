import {
  ALERT_KINDS,
  ALERT_LABELS,
  MESSAGES,
  type AlertKind,
  type AlertPreferencesInput,
} from "@pli/api/public-contract";
import { Badge, Group, Stack, Switch, Text } from "@mantine/core";
import { errorMessage } from "@/shared/api/http";
import { settle } from "@/shared/api/settle";
import { TONE_COLORS } from "@/shared/theme/theme";
import { Alert } from "@/shared/ui/alert";
import { WRAP_ANYWHERE } from "@/shared/ui/detail";
import { useToast } from "@/shared/ui/toast";
import { useAlertPreferences, useSaveAlertPreferences } from "../api/alert-preferences";

function NoEmail({ email }: { email: string }) {
  if (email)
    return (
      <Text size="sm" style={WRAP_ANYWHERE}>
        Alert mails go to {email}.
      </Text>
    );
  return <Alert tone="warning" title="Your account has no email address: no alert mail can reach you." />;
}

/** Each alert kind with a switch; a change is saved at once. */
export function AlertPreferencesForm({ email }: { email: string }) {
  const preferences = useAlertPreferences();
  const save = useSaveAlertPreferences();
  const toast = useToast();
  const change = (kind: AlertKind, on: boolean) => {
    if (!preferences.data) return;
    const next: AlertPreferencesInput = { ...preferences.data, [kind]: on };
    void settle(save, next, { onSuccess: (result) => toast.success(result.message ?? MESSAGES.alertPreferencesSaved) });
  };
  if (!preferences.data)
    return <Text c="dimmed">{preferences.isError ? errorMessage(preferences.error) : MESSAGES.loading}</Text>;
  const current = preferences.data;
  return (
    <Stack gap="md">
      <NoEmail email={email} />
      {ALERT_KINDS.map((kind) => (
        <Switch
          key={kind}
          label={ALERT_LABELS[kind].label}
          description={ALERT_LABELS[kind].description}
          checked={current[kind]}
          disabled={save.isPending}
          onChange={(event) => change(kind, event.currentTarget.checked)}
        />
      ))}
    </Stack>
  );
}

/** Each alert kind, on or off, read only. */
export function AlertPreferencesSummary({ email }: { email: string }) {
  const preferences = useAlertPreferences();
  if (!preferences.data)
    return <Text c="dimmed">{preferences.isError ? errorMessage(preferences.error) : MESSAGES.loading}</Text>;
  const current = preferences.data;
  return (
    <Stack gap="sm">
      <NoEmail email={email} />
      <Stack component="ul" gap="sm" m={0} p={0} style={{ listStyle: "none" }} aria-label="Email alerts">
        {ALERT_KINDS.map((kind) => (
          <Group component="li" key={kind} justify="space-between" wrap="nowrap" gap="sm">
            <Text size="sm">{ALERT_LABELS[kind].label}</Text>
            <Badge variant="light" color={current[kind] ? TONE_COLORS.success : TONE_COLORS.muted}>
              {current[kind] ? "On" : "Off"}
            </Badge>
          </Group>
        ))}
      </Stack>
    </Stack>
  );
}
