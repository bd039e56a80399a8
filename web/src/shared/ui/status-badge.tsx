import { Badge } from "@mantine/core";
import { statusBadge, type StatusEntity } from "../config/status";
import { TONE_COLORS } from "../theme/theme";

/** A status shown with its display label and colour from the one status map (keyed by entity and status). */
export function StatusBadge({ entity, status }: { entity: StatusEntity; status: string }) {
  const { label, tone } = statusBadge(entity, status);
  return (
    <Badge variant="light" color={TONE_COLORS[tone]}>
      {label}
    </Badge>
  );
}
