import { notifications } from "@mantine/notifications";
import { useMemo, type ReactNode } from "react";
import { TONE_COLORS } from "../theme/theme";
import { overlaysReady } from "./overlay-host";

/** How long a toast stays (spec section 9: 1000 ms, 1.9 s or 3000 ms depending on the screen). */
export const TOAST_TIMEOUT = { short: 1000, medium: 1900, long: 3000 } as const;

type Kind = "success" | "error" | "info";
const COLORS: Record<Kind, string> = {
  success: TONE_COLORS.success,
  error: TONE_COLORS.danger,
  info: TONE_COLORS.info,
};

export interface ToastApi {
  success(message: ReactNode, timeoutMs?: number): void;
  error(message: ReactNode, timeoutMs?: number): void;
  info(message: ReactNode, timeoutMs?: number): void;
}

const show =
  (kind: Kind, before?: () => void, id?: string) =>
  (message: ReactNode, timeoutMs: number = TOAST_TIMEOUT.long) => {
    void overlaysReady();
    before?.();
    notifications.show({ id, message, color: COLORS[kind], autoClose: timeoutMs, withBorder: true });
  };

/** Short messages at the bottom right (above the phone navigation), never over the header's Logout or Submit Ticket. */
export const toast: ToastApi = { success: show("success"), error: show("error"), info: show("info") };

let outcomeShown = 0;
/**
 * A form's outcome ('Check all the fields', then its success): each one takes the place of the previous outcome still
 * shown, so one save never leaves its refusal and its success on screen together.
 */
const outcome = (kind: Kind) => (message: ReactNode, timeoutMs?: number) => {
  const previous = `form-outcome-${outcomeShown}`;
  outcomeShown += 1;
  show(kind, () => notifications.hide(previous), `form-outcome-${outcomeShown}`)(message, timeoutMs);
};
export const formOutcome: ToastApi = { success: outcome("success"), error: outcome("error"), info: outcome("info") };

/** The toasts, for components. */
export function useToast(): ToastApi {
  return useMemo(() => toast, []);
}
