import { z } from "zod";
import { JOB_NETWORKS } from "../public-contract/domain.ts";
import { idSchema, listQuerySchema, statusCountsSchema, text } from "../shared/schema.ts";
import {
  addressLine,
  checkDecimal,
  checkLines,
  checkWhole,
  crossFieldErrors,
  JOB_LIMITS,
  JOB_REVIEW_STATUSES,
  JOB_RULE_MESSAGES,
  JOB_RUN_STATUSES,
  JOB_STATUSES,
  jobIdLine,
  normaliseAddress,
  providerLine,
  sourceLine,
  type LineCheck,
} from "./rules.ts";
import { featureContract } from "../public-contract/feature.ts";
export * from "./rules.ts";

export const JOB_PATHS = {
  root: "/api/job",
  byNode: "/api/job/getbynodeid",
  edit: "/api/job/edit",
  delete: "/api/job/delete",
  statusCounts: "/api/job/status-counts",
} as const;

export const JOB_MESSAGES = {
  jobAdded: "Job Added Successfully",
  jobEdited: "Job Edited Successfully",
  jobChangedSinceOpened:
    "This job was changed since you opened it (by its operator or another admin): open it again from the list to see the changes",
  jobDeleted: "Job Deleted Successfully",
  jobDeactivated: "Job Deactivated Successfully",
  jobStatusUpdated: "Status Updated Successfully",
  jobNotFound: "Job not found",
  jobCountsNeedNode: "Name the node whose jobs to count",
  categoryNotListed: "Choose a category from the list",
  ...JOB_RULE_MESSAGES,
} as const;

/** Longest text a multi-line field takes (every line at its longest). */
const MULTI_LINE_MAX = JOB_LIMITS.maxLines * (JOB_LIMITS.maxLineLength + 1);

type Check<In, Out> = (value: In) => { value: Out } | { error: string };

/** Runs a rule of rules.ts on a parsed value: its error becomes the field's message. */
const checkedBy =
  <In, Out>(check: Check<In, Out>) =>
  (value: In, ctx: z.RefinementCtx) => {
    const checked = check(value);
    if ("error" in checked) {
      ctx.addIssue({ code: "custom", message: checked.error });
      return z.NEVER;
    }
    return checked.value;
  };

const lines =
  (check: LineCheck, options: { unique?: boolean } = {}) =>
  (value: string) => {
    const checked = checkLines(value, check, options);
    return "error" in checked ? checked : { value: checked.value.join("\n") };
  };

/** A required multi-line field: one value per line, each checked, stored joined by "\n". */
const multiLine = (label: string, check: LineCheck, options: { unique?: boolean } = {}) =>
  text(MULTI_LINE_MAX, label).transform(checkedBy(lines(check, options)));

const optionalText = (max: number, label: string) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} is too long`);

/** An optional multi-line field: empty is "". */
const optionalMultiLine = (label: string, check: LineCheck) =>
  optionalText(MULTI_LINE_MAX, label).transform(
    checkedBy((value: string) => (value === "" ? { value } : lines(check)(value))),
  );

/** A contract address, optional: empty is "", `xdc…` becomes `0x…`, stored in lowercase. */
const optionalAddress = (label: string) =>
  optionalText(64, label).transform(
    checkedBy((value: string) => {
      if (value === "") return { value };
      const address = normaliseAddress(value);
      return address === null ? { error: `${label} must be an address (0x… or xdc…)` } : { value: address };
    }),
  );

/** A number field of a form: a number or numeric text, checked by `check`. */
const numberField = <T>(label: string, check: Check<number | string, T>) =>
  z.union([z.number(), z.string()], { error: `${label} must be a number` }).transform(checkedBy(check));

/** An optional number field: empty text or null is null (cleared). */
const optionalNumber = <T>(label: string, check: Check<number | string, T>) =>
  z
    .union([z.number(), z.string(), z.null()], { error: `${label} must be a number` })
    .transform(
      checkedBy<number | string | null, T | null>((value) =>
        value === null || (typeof value === "string" && value.trim() === "") ? { value: null } : check(value),
      ),
    );

const cost = numberField("Cost", (value) =>
  checkDecimal(value, { label: "Cost", max: JOB_LIMITS.costMax, decimals: JOB_LIMITS.costDecimals }),
);
const polltimer = optionalNumber("Poll timer", (value) =>
  checkWhole(value, { label: "Poll timer", min: JOB_LIMITS.polltimerMin, max: JOB_LIMITS.polltimerMax }),
);
const minimumOracle = optionalNumber("Minimum oracle", (value) =>
  checkWhole(value, { label: "Minimum oracle", min: 1, max: JOB_LIMITS.minimumOracleMax }),
);
const deviation = optionalNumber("Deviation", (value) =>
  checkDecimal(value, { label: "Deviation", max: JOB_LIMITS.deviationMax, decimals: JOB_LIMITS.deviationDecimals }),
);

/** Every job field with its check; absent optional fields are left undefined here. */
const jobFields = {
  name: text(100, "Name"),
  description: optionalText(2000, "Description"),
  oracleAddress: multiLine("Oracle address", addressLine, { unique: true }),
  jobID: multiLine("Job ID", jobIdLine),
  cost,
  jobSource: multiLine("Job source", sourceLine),
  jobProvider: optionalMultiLine("Job provider", providerLine),
  jobCategoryID: z.uuid({ error: "Choose a category" }),
  indexPair: optionalText(50, "Index pair"),
  contractAddress: optionalAddress("Contract address"),
  network: z.enum(JOB_NETWORKS, { error: JOB_RULE_MESSAGES.networkOption }),
  polltimer,
  minimumOracle,
  eacAddress: optionalAddress("EAC address"),
  accessAddress: optionalAddress("Access address"),
  deviation,
};

/** Refuses a minimum oracle above the number of oracle addresses, on the field. */
const withCrossFieldRules = (
  value: { oracleAddress?: string; minimumOracle?: number | null },
  ctx: z.RefinementCtx,
) => {
  if (value.oracleAddress === undefined) return;
  for (const [field, message] of Object.entries(
    crossFieldErrors({ oracleAddress: value.oracleAddress, minimumOracle: value.minimumOracle ?? null }),
  )) {
    ctx.addIssue({ code: "custom", path: [field], message });
  }
};

/**
 * POST /api/job/: an operator's job for one of their Active nodes. Name, oracle addresses, job IDs,
 * cost, job sources, category and network are required. Status, review fields and jobChange are the
 * server's and are not read.
 */
export const jobCreateSchema = z
  .object({
    nodeSettingID: idSchema,
    ...jobFields,
    description: jobFields.description.default(""),
    jobProvider: jobFields.jobProvider.default(""),
    indexPair: jobFields.indexPair.default(""),
    contractAddress: jobFields.contractAddress.default(""),
    polltimer: jobFields.polltimer.default(null),
    minimumOracle: jobFields.minimumOracle.default(null),
    eacAddress: jobFields.eacAddress.default(""),
    accessAddress: jobFields.accessAddress.default(""),
    deviation: jobFields.deviation.default(null),
  })
  .superRefine(withCrossFieldRules);
export type JobCreateInput = z.infer<typeof jobCreateSchema>;

const optionalFields = Object.fromEntries(
  Object.entries(jobFields).map(([key, schema]) => [key, schema.optional()]),
) as {
  [K in keyof typeof jobFields]: z.ZodOptional<(typeof jobFields)[K]>;
};

/**
 * POST /api/job/edit: the fields sent are changed, the others kept. An operator may change only poll
 * timer, minimum oracle, EAC address, access address and deviation (other fields may be sent
 * unchanged); an admin every field plus status, adminNotes and jobStatus. The quick update is
 * `{_id, status, adminNotes}`.
 */
export const jobEditSchema = z.object({
  _id: idSchema,
  ...optionalFields,
  status: z.enum(JOB_REVIEW_STATUSES, { error: `Status must be one of ${JOB_REVIEW_STATUSES.join(", ")}` }).optional(),
  adminNotes: optionalText(2000, "Admin notes").optional(),
  jobStatus: z.enum(JOB_RUN_STATUSES, { error: `Job status must be one of ${JOB_RUN_STATUSES.join(", ")}` }).optional(),
  /** The job's updatedAt the edit was made from: an edit of a job changed since is refused (409), nothing overwritten. */
  updatedAt: z.iso.datetime({ error: "updatedAt must be the job's updatedAt, an ISO date and time" }).optional(),
});
export type JobEditInput = z.infer<typeof jobEditSchema>;

export const jobsByNodeSchema = z.object({ id: idSchema });

/** The job lists' query: the spec's page, limit and q, and `status` to keep one review status (its chip). */
export const jobListQuerySchema = listQuerySchema.extend({
  status: z.enum(JOB_STATUSES, { error: `status must be one of ${JOB_STATUSES.join(", ")}` }).optional(),
});

/** GET /api/job/status-counts: jobs per review status, one node's (`nodeId`, the owner's or any for an admin) or all. */
export const jobStatusCountsQuerySchema = z.object({ nodeId: idSchema.optional() });
export const jobStatusCountsSchema = statusCountsSchema(JOB_STATUSES);
export type JobStatusCounts = z.infer<typeof jobStatusCountsSchema>;

export const jobResponseSchema = z.object({
  _id: z.string(),
  name: z.string(),
  description: z.string(),
  /** One value per line. */
  oracleAddress: z.string(),
  jobID: z.string(),
  /** PLI, as exact decimal text. */
  cost: z.string(),
  jobSource: z.string(),
  jobProvider: z.string(),
  jobCategoryID: z.string(),
  categoryName: z.string(),
  indexPair: z.string(),
  contractAddress: z.string(),
  network: z.enum(JOB_NETWORKS),
  /** Seconds. */
  polltimer: z.number().int().nullable(),
  minimumOracle: z.number().int().nullable(),
  eacAddress: z.string(),
  accessAddress: z.string(),
  /** Percent, as exact decimal text. */
  deviation: z.string().nullable(),
  nodeSettingID: z.string(),
  status: z.enum(JOB_STATUSES),
  jobStatus: z.enum(JOB_RUN_STATUSES).nullable(),
  adminNotes: z.string(),
  jobChange: z.boolean(),
  date: z.string(),
  updatedAt: z.string(),
  /** The owner. Operators have no name: `name` is their wallet address. */
  user: z.object({ _id: z.string(), name: z.string(), email: z.string(), walletAddress: z.string() }),
  nodesetting: z.object({ _id: z.string(), name: z.string(), ipaddress: z.string(), provider: z.string() }),
});
export type JobResponse = z.infer<typeof jobResponseSchema>;
export const jobSavedSchema = z.object({ message: z.string(), data: jobResponseSchema });

/** What this feature adds to the public contract (gathered by public-contract/index.ts). */
export const JOB_CONTRACT = featureContract({ job: JOB_PATHS }, JOB_MESSAGES);
