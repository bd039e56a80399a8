import { LIMITS } from "@pli/api/public-contract";
import { Button, Group } from "@mantine/core";

/** The page numbers shown: at most ten, around the current page. */
export function visiblePages(page: number, totalPages: number, max: number = LIMITS.pagerButtons): number[] {
  const count = Math.min(max, totalPages);
  const start = Math.min(Math.max(1, page - Math.floor(count / 2)), totalPages - count + 1);
  return Array.from({ length: count }, (_, i) => start + i);
}

/** First, Prev, up to ten page numbers, Next, Last (spec section 2). */
export function Pager({
  page,
  totalPages,
  onPage,
}: {
  page: number;
  totalPages: number;
  onPage: (page: number) => void;
}) {
  if (totalPages <= 1) return null;
  const go = (target: number) => () => onPage(Math.min(Math.max(1, target), totalPages));
  const step = (label: string, target: number, disabled: boolean) => (
    <Button variant="default" size="xs" onClick={go(target)} disabled={disabled}>
      {label}
    </Button>
  );
  return (
    <Group component="nav" aria-label="Pagination" gap={6} justify="center">
      {step("First", 1, page === 1)}
      {step("Prev", page - 1, page === 1)}
      {visiblePages(page, totalPages).map((n) => (
        <Button
          key={n}
          size="xs"
          variant={n === page ? "filled" : "default"}
          onClick={go(n)}
          aria-current={n === page ? "page" : undefined}
          aria-label={`Page ${n}`}
        >
          {n}
        </Button>
      ))}
      {step("Next", page + 1, page === totalPages)}
      {step("Last", totalPages, page === totalPages)}
    </Group>
  );
}
