import { Chip, Group } from "@mantine/core";
import { formatCount } from "../format";
import { useStatusListParams } from "../lists/list-params";

/**
 * Chips beside a list's 'Search by status' box: one per status with the server's count of its rows; choosing one keeps
 * the list to it (the URL's `status`, back to page 1), choosing it again shows all.
 */
export function StatusChips<S extends string>({
  label,
  counts,
  name,
}: {
  /** The group's accessible name. */
  label: string;
  counts: { status: S; count: number }[] | undefined;
  name: (status: S) => string;
}) {
  const { status, update } = useStatusListParams();
  return (
    <Chip.Group value={status} onChange={(next) => update({ status: next, page: 1 })}>
      <Group gap="xs" role="group" aria-label={label} wrap="wrap">
        {(counts ?? []).map((item) => (
          <Chip
            key={item.status}
            value={item.status}
            size="md"
            variant="outline"
            onClick={() => {
              if (item.status === status) update({ status: "", page: 1 });
            }}
          >
            {name(item.status)} {formatCount(item.count)}
          </Chip>
        ))}
      </Group>
    </Chip.Group>
  );
}
