import { CONFIRM_WORD, MESSAGES } from "@pli/api/contract";
import { createContext, useCallback, useContext, useEffect, useId, useMemo, useState, type ReactNode } from "react";
import { Button } from "./button";

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

const DialogContext = createContext<DialogApi | null>(null);

function Modal({ title, onDismiss, children }: { title: string; onDismiss?: () => void; children: ReactNode }) {
  const titleId = useId();
  useEffect(() => {
    if (!onDismiss) return;
    const onKey = (event: KeyboardEvent) => event.key === "Escape" && onDismiss();
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [onDismiss]);
  return (
    <div className="modal-backdrop" onClick={onDismiss}>
      <div role="dialog" aria-modal="true" aria-labelledby={titleId} className="modal" onClick={(event) => event.stopPropagation()}>
        <h2 id={titleId} className="modal__title">
          {title}
        </h2>
        {children}
      </div>
    </div>
  );
}

function TypedConfirm({ options, done }: { options: ConfirmOptions; done: (ok: boolean) => void }) {
  const [value, setValue] = useState("");
  const [wrong, setWrong] = useState(false);
  const inputId = useId();
  const submit = () => {
    if (value.trim() === CONFIRM_WORD) done(true);
    else setWrong(true);
  };
  return (
    <Modal title={options.title ?? "Are you sure?"} onDismiss={() => done(false)}>
      <p>{options.text}</p>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <label htmlFor={inputId}>Type {CONFIRM_WORD} to confirm</label>
        <input id={inputId} className="input" autoFocus value={value} onChange={(event) => (setValue(event.target.value), setWrong(false))} />
        {wrong && (
          <p role="alert" className="field-error">
            {MESSAGES.incorrectValue}
          </p>
        )}
        <div className="modal__actions">
          <Button variant="secondary" onClick={() => done(false)}>
            Cancel
          </Button>
          <Button type="submit">Confirm</Button>
        </div>
      </form>
    </Modal>
  );
}

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
      {open?.kind === "alert" && (
        <Modal title={open.options.title} onDismiss={open.options.okOnly ? undefined : open.done}>
          {open.options.text && <div className={`modal__text modal__text--${open.options.tone ?? "info"}`}>{open.options.text}</div>}
          <div className="modal__actions">
            <Button onClick={open.done}>{open.options.okLabel ?? "OK"}</Button>
          </div>
        </Modal>
      )}
      {open?.kind === "confirm" && <TypedConfirm options={open.options} done={open.done} />}
    </DialogContext.Provider>
  );
}

export function useDialogs(): DialogApi {
  const api = useContext(DialogContext);
  if (!api) throw new Error("useDialogs needs a DialogProvider");
  return api;
}
