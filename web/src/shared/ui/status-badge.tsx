import { Badge, type BadgeProps } from "@mantine/core";
import { statusBadge, type StatusEntity } from "../config/status";
import { TONE_COLORS } from "../theme/theme";

/** A status shown with its display label and colour from the one status map (keyed by entity and status). */
export function StatusBadge({
  entity,
  status,
  size,
}: {
  entity: StatusEntity;
  status: string;
  size?: BadgeProps["size"];
}) {
  const { label, tone } = statusBadge(entity, status);
  return (
    <Badge variant="light" color={TONE_COLORS[tone]} size={size}>
      {label}
    </Badge>
  );
}
