import { Alert as MantineAlert, Group, Stack } from "@mantine/core";
import { IconAlertTriangle, IconInfoCircle, IconX } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { TONE_COLORS } from "../theme/theme";

type AlertTone = "warning" | "error" | "info";

const LOOK = {
  warning: { color: TONE_COLORS.warning, icon: <IconAlertTriangle size={20} /> },
  error: { color: TONE_COLORS.danger, icon: <IconX size={20} /> },
  info: { color: TONE_COLORS.info, icon: <IconInfoCircle size={20} /> },
} as const;

interface AlertProps {
  tone: AlertTone;
  title: ReactNode;
  children?: ReactNode;
  action?: ReactNode;
}

/** A message that screen readers announce as soon as it appears. */
export function Alert({ tone, title, children, action }: AlertProps) {
  const { color, icon } = LOOK[tone];
  return (
    <MantineAlert role="alert" variant="light" color={color} icon={icon} title={title}>
      {children || action ? (
        <Stack gap="xs">
          {children}
          {action ? <Group>{action}</Group> : null}
        </Stack>
      ) : null}
    </MantineAlert>
  );
}
