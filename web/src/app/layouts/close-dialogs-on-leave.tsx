import { useEffect } from "react";
import { useLocation } from "react-router-dom";
import { closeDialogs } from "@/shared/ui/dialogs";

/** Closes the open dialogs, unanswered, when the page changes: each belongs to the page that opened it. */
export function CloseDialogsOnLeave() {
  const { pathname } = useLocation();
  useEffect(() => closeDialogs(), [pathname]);
  return null;
}
