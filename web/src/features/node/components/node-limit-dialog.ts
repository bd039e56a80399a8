import { NODE_MESSAGES } from "@pli/api/public-contract";
import { alertDialog } from "@/shared/ui/dialogs";

/**
 * 'Maximum Allowed Node Limit Reached': OK only (no Escape, no click outside); resolves true when OK is pressed, false
 * when the page was left instead.
 */
export const nodeLimitDialog = () =>
  alertDialog({
    title: NODE_MESSAGES.nodeLimitReached,
    text: NODE_MESSAGES.nodeLimitText,
    okOnly: true,
    tone: "warning",
  });
