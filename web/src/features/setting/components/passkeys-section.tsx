import { MESSAGES, type PasskeyResponse } from "@pli/api/public-contract";
import { Button, Group, List, Paper, Stack, Switch, Text } from "@mantine/core";
import { useState } from "react";
import { errorMessage } from "@/shared/api/http";
import { formatDate } from "@/shared/format/dates";
import { usePasskeys } from "../api/get-passkeys";
import { usePasskeyChanges } from "../api/passkey-changes";
import { AddPasskeyForm } from "./add-passkey-form";
import { PasswordConfirmModal, type PasswordConfirmation } from "./password-confirm-modal";
import { RenamePasskeyForm } from "./rename-passkey-form";

/** What the browser said of a passkey being discoverable (kept on the authenticator, usable without naming it). */
const DISCOVERABLE_TEXT = {
  true: "Discoverable: signs in even when sign-in is under attack",
  false: "Not discoverable: needs emailed codes on when sign-in is under attack",
  null: "Discoverable or not: the browser did not say",
} as const;

function PasskeyItem({
  passkey,
  renaming,
  onRename,
  onRenamed,
  onDelete,
}: {
  passkey: PasskeyResponse;
  renaming: boolean;
  onRename: () => void;
  onRenamed: () => void;
  onDelete: () => void;
}) {
  const lastUsed = passkey.lastUsedAt ? formatDate(passkey.lastUsedAt, "adminDashboard") : "never";
  const kept = DISCOVERABLE_TEXT[String(passkey.discoverable) as keyof typeof DISCOVERABLE_TEXT];
  return (
    <List.Item>
      <Paper withBorder radius="sm" p="sm">
        <Group justify="space-between" gap="sm">
          {renaming ? (
            <RenamePasskeyForm passkey={passkey} onDone={onRenamed} />
          ) : (
            <div>
              <Text fw={600}>{passkey.name}</Text>
              <Text size="sm" c="dimmed">
                Added {formatDate(passkey.createdAt, "adminDashboard")} · Last used {lastUsed}
              </Text>
              <Text size="sm" c="dimmed">
                {kept}
              </Text>
            </div>
          )}
          <Group gap="xs" wrap="nowrap">
            <Button
              size="xs"
              variant="default"
              onClick={onRename}
              disabled={renaming}
              aria-label={`Rename ${passkey.name}`}
            >
              Rename
            </Button>
            <Button size="xs" variant="light" color="red" onClick={onDelete} aria-label={`Delete ${passkey.name}`}>
              Delete
            </Button>
          </Group>
        </Group>
      </Paper>
    </List.Item>
  );
}

/** The admin's passkeys (add, rename, delete) and the emailed-code fallback switch. */
export function PasskeysSection() {
  const passkeys = usePasskeys();
  const { remove, fallback } = usePasskeyChanges();
  const [renaming, setRenaming] = useState<string | null>(null);
  const [confirmation, setConfirmation] = useState<PasswordConfirmation | null>(null);
  const rows = passkeys.data?.passkeys ?? [];
  const fallbackOn = passkeys.data?.emailCodeFallback ?? true;
  const discoverable = rows.some((passkey) => passkey.discoverable === true);

  const onDelete = (passkey: PasskeyResponse) =>
    setConfirmation({
      title: `Delete ${passkey.name}?`,
      text: MESSAGES.confirmDeletePasskey,
      confirmLabel: "Delete",
      removes: true,
      run: (password) => remove.mutateAsync({ id: passkey._id, password }),
    });
  const onSwitch = (enabled: boolean) =>
    setConfirmation(
      enabled
        ? {
            title: "Turn emailed codes on?",
            text: MESSAGES.confirmEmailCodeFallbackOn,
            confirmLabel: "Turn on",
            removes: false,
            run: (password) => fallback.mutateAsync({ enabled: true, password }),
          }
        : {
            title: "Turn emailed codes off?",
            text: MESSAGES.confirmEmailCodeFallbackOff,
            confirmLabel: "Turn off",
            removes: true,
            run: (password) => fallback.mutateAsync({ enabled: false, password }),
          },
    );

  return (
    <Stack gap="md">
      <PasswordConfirmModal confirmation={confirmation} onClose={() => setConfirmation(null)} />
      <AddPasskeyForm />
      {passkeys.isError ? <Text c="red.9">{errorMessage(passkeys.error)}</Text> : null}
      {passkeys.isPending || rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          {passkeys.isPending ? MESSAGES.loading : MESSAGES.noPasskey}
        </Text>
      ) : (
        <List
          listStyleType="none"
          spacing="xs"
          aria-label="Passkeys"
          styles={{ itemWrapper: { display: "block" }, itemLabel: { display: "block" } }}
        >
          {rows.map((passkey) => (
            <PasskeyItem
              key={passkey._id}
              passkey={passkey}
              renaming={renaming === passkey._id}
              onRename={() => setRenaming(passkey._id)}
              onRenamed={() => setRenaming(null)}
              onDelete={() => onDelete(passkey)}
            />
          ))}
        </List>
      )}
      <Switch
        label="Emailed code fallback"
        description={
          rows.length === 0
            ? "Add a passkey before turning this off."
            : !discoverable
              ? "Add a discoverable passkey (one kept on your authenticator) before turning this off."
              : "When off, signing in needs your passkey and no code is emailed."
        }
        checked={fallbackOn}
        disabled={passkeys.isPending || fallback.isPending || (fallbackOn && !discoverable)}
        onChange={(event) => onSwitch(event.currentTarget.checked)}
      />
    </Stack>
  );
}
