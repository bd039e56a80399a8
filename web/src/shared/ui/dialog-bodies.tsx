import { CONFIRM_WORD, MESSAGES } from "@pli/api/public-contract";
import { Alert as MantineAlert, Button, Group, Stack, Text, TextInput } from "@mantine/core";
import { randomId } from "@mantine/hooks";
import { modals } from "@mantine/modals";
import { useState } from "react";
import type { AlertOptions, ConfirmOptions } from "./dialogs";
import { TONE_COLORS } from "../theme/theme";

const TONES = {
  warning: TONE_COLORS.warning,
  error: TONE_COLORS.danger,
  success: TONE_COLORS.success,
  info: TONE_COLORS.info,
} as const;

function TypedConfirmBody({
  text,
  word,
  destructive,
  onConfirm,
  onCancel,
}: {
  text: string;
  word: string;
  destructive: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const [value, setValue] = useState("");
  const [wrong, setWrong] = useState(false);
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (value.trim() === word) onConfirm();
        else setWrong(true);
      }}
    >
      <Stack gap="md">
        <Text size="sm" style={{ overflowWrap: "anywhere" }}>
          {text}
        </Text>
        <TextInput
          label={`Type ${word} to confirm`}
          data-autofocus
          autoComplete="off"
          value={value}
          onChange={(event) => {
            setValue(event.currentTarget.value);
            setWrong(false);
          }}
          error={wrong ? MESSAGES.incorrectValue : undefined}
          errorProps={{ role: "alert" }}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" color={destructive ? TONE_COLORS.danger : undefined}>
            Confirm
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Set while closeAllDialogs closes the dialogs of a page that was left: they close unanswered. */
let leaving = false;

/** Closes every open dialog unanswered (a confirmation resolves false, an alert as not acknowledged). */
export function closeAllDialogs(): void {
  leaving = true;
  try {
    modals.closeAll();
  } finally {
    leaving = false;
  }
}

/**
 * Resolves true only once the person typed the confirmation word, 'yes' or the screen's own `word` (anything else
 * shows 'Incorrect Value' and sends nothing); Cancel, Escape or a click outside resolve false.
 */
export function confirmTyped({
  title = "Are you sure?",
  text,
  word = CONFIRM_WORD,
  destructive = false,
}: ConfirmOptions): Promise<boolean> {
  return new Promise((resolve) => {
    const modalId = randomId();
    let confirmed = false;
    modals.open({
      modalId,
      title,
      centered: true,
      onClose: () => resolve(confirmed && !leaving),
      children: (
        <TypedConfirmBody
          text={text}
          word={word}
          destructive={destructive}
          onConfirm={() => {
            confirmed = true;
            modals.close(modalId);
          }}
          onCancel={() => modals.close(modalId)}
        />
      ),
    });
  });
}

/** A message with an OK button; resolves when it is closed: true when the person closed it, false when its page was left. */
export function alertDialog({
  title,
  text,
  okLabel = "OK",
  okOnly = false,
  tone = "info",
}: AlertOptions): Promise<boolean> {
  return new Promise((resolve) => {
    const modalId = randomId();
    const dismissible = !okOnly;
    modals.open({
      modalId,
      title,
      centered: true,
      withCloseButton: dismissible,
      closeOnEscape: dismissible,
      closeOnClickOutside: dismissible,
      onClose: () => resolve(!leaving),
      children: (
        <Stack gap="md">
          {text ? (
            <MantineAlert variant="light" color={TONES[tone]}>
              {text}
            </MantineAlert>
          ) : null}
          <Group justify="flex-end">
            <Button onClick={() => modals.close(modalId)} data-autofocus>
              {okLabel}
            </Button>
          </Group>
        </Stack>
      ),
    });
  });
}
