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

type Bodies = typeof import("./dialog-bodies");

/** The dialogs' module once loaded: closing the dialogs of a page that is left cannot wait for an import. */
let loaded: Bodies | undefined;

/** The dialogs and their manager load with the first dialog a screen opens (they are not on the first screen). */
const bodies = () =>
  overlaysReady()
    .then(() => import("./dialog-bodies"))
    .then((m) => (loaded = m));

/**
 * A message with an OK button; resolves when it is closed: true when the person closed it, false when the page that
 * opened it was left (closeDialogs).
 */
export const alertDialog = (options: AlertOptions): Promise<boolean> => bodies().then((m) => m.alertDialog(options));

/**
 * Resolves true only once the person typed the confirmation word, 'yes' or the screen's own `word` (anything else
 * shows 'Incorrect Value' and sends nothing); Cancel, Escape or a click outside resolve false.
 */
export const confirmTyped = (options: ConfirmOptions): Promise<boolean> =>
  bodies().then((m) => m.confirmTyped(options));

/**
 * Closes every open dialog unanswered: a dialog belongs to the page that opened it, and one left open over the next page
 * (the browser's Back, a phone's back gesture) would confirm the action of a page no longer shown.
 */
const closeDialogs = (): void => loaded?.closeAllDialogs();

/** The alert a page being navigated to shows on arrival (alertOnArrival). */
let arrivalAlert: { pathname: string; options: AlertOptions } | undefined;

/**
 * An alert that says why the person was sent to the page at `pathname` (signed out, say): opened once that page is on
 * screen, after the dialogs of the page left are closed. Opened before the navigation has shown the page, the page
 * change would close it unread.
 */
export const alertOnArrival = (pathname: string, options: AlertOptions): void => {
  arrivalAlert = { pathname, options };
};

/** The page on screen changed to `pathname`: closes the dialogs of the page left, then opens the alert meant for this one. */
export const pageShown = (pathname: string): void => {
  closeDialogs();
  if (arrivalAlert?.pathname !== pathname) return;
  const { options } = arrivalAlert;
  arrivalAlert = undefined;
  void alertDialog(options);
};

const dialogs = { alert: alertDialog, confirmTyped };

/** Alert and typed confirmation on Mantine's modals manager (focus trapped, and restored on close). */
export const useDialogs = () => dialogs;
