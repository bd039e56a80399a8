import { queryOptions, useQuery } from "@tanstack/react-query";
import { api, ok } from "@/shared/api/http";
import { jobKeys } from "./keys";

export const getJobCategories = () => ok(api.jobcategory.$get());

export const jobCategoriesQueryOptions = () =>
  queryOptions({ queryKey: jobKeys.categories, queryFn: getJobCategories });

/** Every job category, in the order they were added. */
export const useJobCategories = () => useQuery(jobCategoriesQueryOptions());
