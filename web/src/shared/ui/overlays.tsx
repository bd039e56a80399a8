import { ModalsProvider } from "@mantine/modals";
import { Notifications } from "@mantine/notifications";
import { useEffect } from "react";
import "@/shared/theme/all-styles";
import classes from "./notifications.module.css";

/** The toasts (bottom right) and the dialogs' manager; `onReady` runs once both listen. */
export default function Overlays({ onReady }: { onReady: () => void }) {
  useEffect(onReady, [onReady]);
  return (
    <>
      <Notifications position="bottom-right" zIndex={400} containerWidth={380} classNames={classes} />
      <ModalsProvider />
    </>
  );
}
