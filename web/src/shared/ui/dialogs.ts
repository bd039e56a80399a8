import type { ReactNode } from "react";
import { overlaysReady } from "./overlay-host";

export interface AlertOptions {
  title: string;
  text?: ReactNode;
  okLabel?: string;
  /** OK-only: no closing by Escape, by a click outside or by a close button. */
  okOnly?: boolean;
  tone?: "warning" | "error" | "success" | "info";
}

export interface ConfirmOptions {
  title?: string;
  text: string;
  /** What the person must type; the spec's 'yes' unless a screen asks for something naming the record. */
  word?: string;
  /** A confirmation that deletes or removes something: its Confirm button is red. */
  destructive?: boolean;
}

/** The dialogs and their manager load with the first dialog a screen opens (they are not on the first screen). */
const bodies = () => overlaysReady().then(() => import("./dialog-bodies"));

/** A message with an OK button; resolves when it is closed. */
export const alertDialog = (options: AlertOptions): Promise<void> => bodies().then((m) => m.alertDialog(options));

/**
 * Resolves true only once the person typed the confirmation word, 'yes' or the screen's own `word` (anything else
 * shows 'Incorrect Value' and sends nothing); Cancel, Escape or a click outside resolve false.
 */
export const confirmTyped = (options: ConfirmOptions): Promise<boolean> =>
  bodies().then((m) => m.confirmTyped(options));

const dialogs = { alert: alertDialog, confirmTyped };

/** Alert and typed confirmation on Mantine's modals manager (focus trapped, and restored on close). */
export const useDialogs = () => dialogs;
