import { Badge, type BadgeProps } from "@mantine/core";
import { statusBadge, type StatusEntity } from "../config/status";
import { TONE_COLORS } from "../theme/theme";

/**
 * Lets a long label take two lines (the theme keeps every badge's label on one): for a column of a table that must fit
 * a laptop's screen. It never gets narrower than its longest word, which would cut it ("ACT…").
 */
export const MULTILINE_BADGE: BadgeProps["styles"] = {
  root: { minWidth: "min-content", maxWidth: "100%", height: "auto", paddingBlock: 2 },
  label: { whiteSpace: "normal", textAlign: "center" },
};

/** A status shown with its display label and colour from the one status map (keyed by entity and status). */
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
  return (
    <Badge
      variant="light"
      color={TONE_COLORS[tone]}
      size={size}
      radius={multiline ? "sm" : undefined}
      styles={multiline ? MULTILINE_BADGE : undefined}
    >
      {label}
    </Badge>
  );
}
