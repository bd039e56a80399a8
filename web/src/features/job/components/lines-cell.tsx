import { lineCount } from "@pli/api/public-contract";
import { Anchor, Group, Text } from "@mantine/core";
import type { LinesView } from "./lines-modal";

/** A multi-line field in a table cell: how many values, and a 'View' link opening them one per row. */
export function LinesCell({ title, text, onView }: { title: string; text: string; onView: (view: LinesView) => void }) {
  const count = lineCount(text);
  if (count === 0) return <Text size="sm">-</Text>;
  return (
    <Group gap={6} wrap="nowrap">
      <Anchor
        component="button"
        type="button"
        size="sm"
        onClick={() => onView({ title, text })}
        aria-label={`View ${title}`}
      >
        View
      </Anchor>
      <Text size="xs" c="dimmed">
        ({count})
      </Text>
    </Group>
  );
}
