import { CONFIRM_WORD, MESSAGES } from "@pli/api/contract";
import { Alert as MantineAlert, Button, Group, Modal, Stack, Text, TextInput } from "@mantine/core";
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from "react";
import { TONE_COLORS } from "../theme/theme";

interface AlertOptions {
  title: string;
  text?: ReactNode;
  okLabel?: string;
  /** OK-only: no closing by Escape or by a click outside. */
  okOnly?: boolean;
  tone?: "warning" | "error" | "success" | "info";
}
interface ConfirmOptions {
  title?: string;
  text: string;
}
interface DialogApi {
  alert(options: AlertOptions): Promise<void>;
  /** Resolves true only when the person typed the confirmation word; cancelling resolves false. */
  confirmTyped(options: ConfirmOptions): Promise<boolean>;
}

type Open = { kind: "alert"; options: AlertOptions; done: () => void } | { kind: "confirm"; options: ConfirmOptions; done: (ok: boolean) => void };

const TONES = { warning: TONE_COLORS.warning, error: TONE_COLORS.danger, success: TONE_COLORS.success, info: TONE_COLORS.info } as const;
const DialogContext = createContext<DialogApi | null>(null);

function TypedConfirm({ options, done }: { options: ConfirmOptions; done: (ok: boolean) => void }) {
  const [value, setValue] = useState("");
  const [wrong, setWrong] = useState(false);
  return (
    <Modal opened onClose={() => done(false)} title={options.title ?? "Are you sure?"} centered>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (value.trim() === CONFIRM_WORD) done(true);
          else setWrong(true);
        }}
      >
        <Stack gap="md">
          <Text size="sm">{options.text}</Text>
          <TextInput
            label={`Type ${CONFIRM_WORD} to confirm`}
            data-autofocus
            autoComplete="off"
            value={value}
            onChange={(event) => (setValue(event.currentTarget.value), setWrong(false))}
            error={wrong ? MESSAGES.incorrectValue : undefined}
            errorProps={{ role: "alert" }}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => done(false)}>
              Cancel
            </Button>
            <Button type="submit">Confirm</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

function AlertDialog({ options, done }: { options: AlertOptions; done: () => void }) {
  const dismissible = !options.okOnly;
  return (
    <Modal opened onClose={dismissible ? done : () => undefined} title={options.title} centered withCloseButton={dismissible} closeOnEscape={dismissible} closeOnClickOutside={dismissible}>
      <Stack gap="md">
        {options.text ? (
          <MantineAlert variant="light" color={TONES[options.tone ?? "info"]}>
            {options.text}
          </MantineAlert>
        ) : null}
        <Group justify="flex-end">
          <Button onClick={done} data-autofocus>
            {options.okLabel ?? "OK"}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** Alert and typed-confirmation dialogs on Mantine's Modal (focus trapped, and restored on close). */
export function DialogProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState<Open | null>(null);
  const alert = useCallback((options: AlertOptions) => new Promise<void>((resolve) => setOpen({ kind: "alert", options, done: () => (setOpen(null), resolve()) })), []);
  const confirmTyped = useCallback(
    (options: ConfirmOptions) => new Promise<boolean>((resolve) => setOpen({ kind: "confirm", options, done: (ok) => (setOpen(null), resolve(ok)) })),
    [],
  );
  const api = useMemo(() => ({ alert, confirmTyped }), [alert, confirmTyped]);
  return (
    <DialogContext.Provider value={api}>
      {children}
      {open?.kind === "alert" && <AlertDialog options={open.options} done={open.done} />}
      {open?.kind === "confirm" && <TypedConfirm options={open.options} done={open.done} />}
    </DialogContext.Provider>
  );
}

export function useDialogs(): DialogApi {
  const api = useContext(DialogContext);
  if (!api) throw new Error("useDialogs needs a DialogProvider");
  return api;
}
