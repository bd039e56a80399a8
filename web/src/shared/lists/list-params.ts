import { LIMITS } from "@pli/api/public-contract";
import { useSearchParams } from "react-router-dom";

export interface ListParams {
  page: number;
  limit: number;
  q: string;
}

/** A list's params with the status chip chosen beside its search box ('' for all). */
export interface StatusListParams extends ListParams {
  status: string;
}

const positive = (value: string | null, fallback: number) => {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : fallback;
};

/** page, limit and q live in the URL (defaults page 1, limit 5). */
export function useListParams() {
  const [params, setParams] = useSearchParams();
  const list: ListParams = {
    page: positive(params.get("page"), 1),
    limit: Math.min(positive(params.get("limit"), LIMITS.pageSize), LIMITS.maxPageSize),
    q: params.get("q") ?? "",
  };
  const update = (change: Partial<StatusListParams>) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      for (const [key, value] of Object.entries(change)) {
        if (value === "" || value === undefined) next.delete(key);
        else next.set(key, String(value));
      }
      return next;
    });
  return { ...list, update };
}

/** useListParams and the status chip chosen beside the search box: the URL's `status` ('' for all). */
export function useStatusListParams() {
  const list = useListParams();
  const [params] = useSearchParams();
  return { ...list, status: params.get("status") ?? "" };
}
