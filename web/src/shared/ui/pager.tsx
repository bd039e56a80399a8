import { LIMITS } from "@pli/api/contract";

/** The page numbers shown: at most ten, around the current page. */
export function visiblePages(page: number, totalPages: number, max: number = LIMITS.pagerButtons): number[] {
  const count = Math.min(max, totalPages);
  const start = Math.min(Math.max(1, page - Math.floor(count / 2)), totalPages - count + 1);
  return Array.from({ length: count }, (_, i) => start + i);
}

export function Pager({ page, totalPages, onPage }: { page: number; totalPages: number; onPage: (page: number) => void }) {
  if (totalPages <= 1) return null;
  const go = (target: number) => () => onPage(Math.min(Math.max(1, target), totalPages));
  return (
    <nav className="pager" aria-label="Pagination">
      <button type="button" onClick={go(1)} disabled={page === 1}>
        First
      </button>
      <button type="button" onClick={go(page - 1)} disabled={page === 1}>
        Prev
      </button>
      {visiblePages(page, totalPages).map((n) => (
        <button key={n} type="button" onClick={go(n)} aria-current={n === page ? "page" : undefined} aria-label={`Page ${n}`}>
          {n}
        </button>
      ))}
      <button type="button" onClick={go(page + 1)} disabled={page === totalPages}>
        Next
      </button>
      <button type="button" onClick={go(totalPages)} disabled={page === totalPages}>
        Last
      </button>
    </nav>
  );
}
