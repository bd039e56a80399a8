import { useEffect } from "react";
import { useLocation } from "react-router-dom";
import { pageShown } from "@/shared/ui/dialogs";

/**
 * Closes the open dialogs, unanswered, when the page changes (each belongs to the page that opened it), and opens the
 * alert the new page was sent with.
 */
export function CloseDialogsOnLeave() {
  const { pathname } = useLocation();
  useEffect(() => pageShown(pathname), [pathname]);
  return null;
}
