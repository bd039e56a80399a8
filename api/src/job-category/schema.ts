import { z } from "zod";
import { idSchema, text } from "../shared/schema.ts";
import { featureContract } from "../public-contract/feature.ts";

export const JOB_CATEGORY_PATHS = {
  root: "/api/jobcategory",
  edit: "/api/jobcategory/edit",
  delete: "/api/jobcategory/delete",
} as const;

export const JOB_CATEGORY_MESSAGES = {
  noCategory: "No Category Available",
  categoryAdded: "Category Added Successfully",
  categoryRenamed: "Category Renamed Successfully",
  categoryRemoved: "Category Removed Successfully",
  categoryExists: "This category already exists",
  categoryInUse: "A category that jobs use cannot be removed",
  categoryNotFound: "Category not found",
} as const;

export const jobCategorySchema = z.object({ categoryName: text(60, "Category name") });
export const jobCategoryEditSchema = jobCategorySchema.extend({ _id: idSchema });
export type JobCategoryInput = z.infer<typeof jobCategorySchema>;

export const jobCategoryResponseSchema = z.object({
  _id: z.string(),
  categoryName: z.string(),
  /** How many jobs use it: only a category no job uses can be removed. */
  jobCount: z.number().int(),
});
export type JobCategoryResponse = z.infer<typeof jobCategoryResponseSchema>;
export const jobCategoryListSchema = z.object({
  docs: z.array(jobCategoryResponseSchema),
  totalDocs: z.number().int(),
});
export const jobCategorySavedSchema = z.object({ message: z.string(), data: jobCategoryResponseSchema });

/** What this feature adds to the public contract (gathered by public-contract/index.ts). */
export const JOB_CATEGORY_CONTRACT = featureContract({ jobCategory: JOB_CATEGORY_PATHS }, JOB_CATEGORY_MESSAGES);
