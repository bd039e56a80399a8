import { Badge, type BadgeProps } from "@mantine/core";
import { statusBadge, type StatusEntity } from "../config/status";
import { TONE_COLORS } from "../theme/theme";

/**
 * Lets a long label take two lines (the theme keeps every badge's label on one): for a column of a table that must fit
 * a laptop's screen. It gets no narrower than its longest word (min-content); StatusBadge gives it only to labels of
 * two words or more.
 */
export const MULTILINE_BADGE: BadgeProps["styles"] = {
  root: { minWidth: "min-content", maxWidth: "100%", height: "auto", paddingBlock: 2 },
  label: { whiteSpace: "normal", textAlign: "center" },
};

/**
 * A status shown with its display label and colour from the one status map (keyed by entity and status). `multiline`
 * lets a label of two words or more take two lines in a narrow column; a one-word label keeps the theme's one line at
 * its full width, as a squeezed column cut it by the width of its letter spacing ("ACTI…" at 1024 px).
 */
export function StatusBadge({
  entity,
  status,
  size,
  multiline = false,
}: {
  entity: StatusEntity;
  status: string;
  size?: BadgeProps["size"];
  multiline?: boolean;
}) {
  const { label, tone } = statusBadge(entity, status);
  const wraps = multiline && label.includes(" ");
  return (
    <Badge
      variant="light"
      color={TONE_COLORS[tone]}
      size={size}
      radius={wraps ? "sm" : undefined}
      styles={wraps ? MULTILINE_BADGE : undefined}
    >
      {label}
    </Badge>
  );
}
