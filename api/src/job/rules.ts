import { isAddress } from "viem";
import { JOB_NETWORKS, JOB_STATUS, NODE_STATUS, USER_ROLE, type JobNetwork } from "../public-contract/domain.ts";
import { PLI_DECIMALS } from "../shared/pli.ts";

/**
 * The job rules of the issue and spec 3-5 in one place, pure, for the API (which enforces them) and the
 * web app (which checks forms with them): who may submit on which node, the multi-line fields checked
 * line by line, the numeric ranges, the fields an operator may edit, and jobChange.
 */

/** The review status of a job: Pending when submitted, then Approved or Rejected by an admin. */
export const JOB_REVIEW_STATUSES = [JOB_STATUS.approved, JOB_STATUS.rejected] as const;
export const JOB_STATUSES = [JOB_STATUS.pending, ...JOB_REVIEW_STATUSES] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];
export type JobReviewStatus = (typeof JOB_REVIEW_STATUSES)[number];
export const JOB_INITIAL_STATUS: JobStatus = JOB_STATUS.pending;

/** Whether the job runs, set by an admin; none until then. */
export const JOB_RUN_STATUSES = [JOB_STATUS.active, JOB_STATUS.standby, JOB_STATUS.inActive] as const;
export type JobRunStatus = (typeof JOB_RUN_STATUSES)[number];

export const JOB_LIMITS = {
  maxLines: 50,
  maxLineLength: 500,
  maxJobIdLength: 100,
  maxProviderLength: 100,
  /** Cost in PLI: above 0, at most this, at most the token's decimals. */
  costMax: 1_000_000,
  costDecimals: PLI_DECIMALS,
  /** Poll timer in whole seconds. */
  polltimerMin: 10,
  polltimerMax: 86_400,
  minimumOracleMax: 50,
  /** Minimum deviation in percent: above 0, at most 100, at most 4 decimals. */
  deviationMax: 100,
  deviationDecimals: 4,
} as const;

export const JOB_RULE_MESSAGES = {
  runsOnlyApproved: "A job can be Active or on Standby only while its status is Approved",
  onlyValidatorTitle: "Only Validator Nodes",
  onlyValidator: "Only Validator Nodes are allowed to submit the jobs",
  nodeNotActive: "Jobs can be submitted only for an Active node",
  jobNodeNotFound: "Node not found",
  adminOnlyField: "Only an admin can change this field",
  networkOption: `Network must be one of ${JOB_NETWORKS.join(", ")}`,
} as const;

/** Every field of a job an edit can change, normalised: absent text is "", absent numbers are null. */
export interface JobValues {
  name: string;
  description: string;
  oracleAddress: string;
  jobID: string;
  cost: string;
  jobSource: string;
  jobProvider: string;
  jobCategoryID: string;
  indexPair: string;
  contractAddress: string;
  network: JobNetwork;
  polltimer: number | null;
  minimumOracle: number | null;
  eacAddress: string;
  accessAddress: string;
  deviation: string | null;
}
export type JobField = keyof JobValues;

/** The fields an operator may change on their job; an admin may change every field. */
export const OPERATOR_EDITABLE_FIELDS = [
  "polltimer",
  "minimumOracle",
  "eacAddress",
  "accessAddress",
  "deviation",
] as const satisfies readonly JobField[];

/** The fields whose change does not set jobChange. */
export const JOB_CHANGE_EXEMPT_FIELDS = ["name", "description"] as const satisfies readonly JobField[];

type Checked<T> = { value: T } | { error: string };

/** An address with `xdc…` rewritten to `0x…`, in lowercase; null when it is not an address. */
export function normaliseAddress(value: string): string | null {
  const hex = /^xdc/i.test(value) ? `0x${value.slice(3)}` : value;
  return isAddress(hex, { strict: false }) ? hex.toLowerCase() : null;
}

/** A check of one line of a multi-line field: the stored value, or what is wrong with it. */
export type LineCheck = (line: string) => Checked<string>;

export const addressLine: LineCheck = (line) => {
  const value = normaliseAddress(line);
  return value ? { value } : { error: "not an address (0x… or xdc…)" };
};

export const jobIdLine: LineCheck = (line) =>
  line.length > JOB_LIMITS.maxJobIdLength
    ? { error: `a job ID has at most ${JOB_LIMITS.maxJobIdLength} characters` }
    : { value: line };

export const sourceLine: LineCheck = (line) => {
  try {
    const url = new URL(line);
    if ((url.protocol === "http:" || url.protocol === "https:") && url.hostname) return { value: line };
  } catch {
    // Not a URL at all: the same answer as a URL of another protocol.
  }
  return { error: "not an http:// or https:// URL" };
};

export const providerLine: LineCheck = (line) =>
  line.length > JOB_LIMITS.maxProviderLength
    ? { error: `a provider has at most ${JOB_LIMITS.maxProviderLength} characters` }
    : { value: line };

/**
 * A multi-line field: one value per line, each line trimmed and checked. The first wrong line is named
 * by its number (from 1). Blank lines around the text are dropped; a blank line inside it is refused.
 * With `unique`, a value repeated on a later line is refused.
 */
export function checkLines(text: string, check: LineCheck, { unique = false } = {}): Checked<string[]> {
  const lines = text.trim().split(/\r?\n/);
  if (lines.length > JOB_LIMITS.maxLines) return { error: `At most ${JOB_LIMITS.maxLines} lines, one value per line` };
  const values: string[] = [];
  for (const [index, raw] of lines.entries()) {
    const line = raw.trim();
    const number = index + 1;
    if (line === "") return { error: `Line ${number}: empty, one value per line` };
    if (line.length > JOB_LIMITS.maxLineLength)
      return { error: `Line ${number}: at most ${JOB_LIMITS.maxLineLength} characters` };
    const checked = check(line);
    if ("error" in checked) return { error: `Line ${number}: ${checked.error}` };
    const earlier = values.indexOf(checked.value);
    if (unique && earlier >= 0) return { error: `Line ${number}: repeats line ${earlier + 1}` };
    values.push(checked.value);
  }
  return { value: values };
}

/** The number of values in a stored multi-line field. */
export const lineCount = (text: string) => (text === "" ? 0 : text.split("\n").length);

/**
 * A decimal above 0 and at most `max` with at most `decimals` decimals, from a number or numeric text,
 * in one spelling (no leading or trailing zeros) so that equal values compare equal.
 */
export function checkDecimal(
  input: number | string,
  { label, max, decimals }: { label: string; max: number; decimals: number },
): Checked<string> {
  const text =
    typeof input === "number"
      ? Number.isFinite(input)
        ? input.toLocaleString("en-US", { useGrouping: false, maximumFractionDigits: 20 })
        : ""
      : input.trim();
  const match = /^(\d+)(?:\.(\d+))?$/.exec(text);
  if (!match) return { error: `${label} must be a number` };
  const whole = match[1]!.replace(/^0+(?=\d)/, "");
  const fraction = (match[2] ?? "").replace(/0+$/, "");
  if (fraction.length > decimals) return { error: `${label} has at most ${decimals} decimals` };
  const value = fraction ? `${whole}.${fraction}` : whole;
  if (Number(value) <= 0) return { error: `${label} must be greater than 0` };
  if (Number(value) > max) return { error: `${label} must be at most ${max.toLocaleString("en-US")}` };
  return { value };
}

/** A whole number from `min` to `max`, from a number or numeric text. */
export function checkWhole(
  input: number | string,
  { label, min, max }: { label: string; min: number; max: number },
): Checked<number> {
  const value = typeof input === "number" ? input : /^\d+$/.test(input.trim()) ? Number(input.trim()) : Number.NaN;
  if (!Number.isInteger(value)) return { error: `${label} must be a whole number` };
  if (value < min || value > max) return { error: `${label} must be from ${min} to ${max.toLocaleString("en-US")}` };
  return { value };
}

/** Rules across fields of a whole job: the minimum number of oracles cannot exceed the oracles given. */
export function crossFieldErrors(values: Pick<JobValues, "oracleAddress" | "minimumOracle">): Record<string, string> {
  const oracles = lineCount(values.oracleAddress);
  if (values.minimumOracle !== null && values.minimumOracle > oracles) {
    return { minimumOracle: `Minimum oracle cannot exceed the number of oracle addresses (${oracles})` };
  }
  return {};
}

/** A job runs (Active or Standby) only while Approved. */
export const jobMayRun = (status: JobStatus) => status === JOB_STATUS.approved;

/**
 * The job status an admin's review leaves, given the review status it leaves: one sent must suit it (an error for a
 * running one on a job not Approved); one not sent is kept, except that a running job not Approved stops (InActive).
 */
export function reviewedRunStatus(
  status: JobStatus,
  sent: JobRunStatus | undefined,
  current: JobRunStatus | null,
): { value: JobRunStatus | null } | { error: string } {
  const running = (runStatus: JobRunStatus | null) =>
    runStatus === JOB_STATUS.active || runStatus === JOB_STATUS.standby;
  if (sent !== undefined)
    return running(sent) && !jobMayRun(status) ? { error: JOB_RULE_MESSAGES.runsOnlyApproved } : { value: sent };
  return running(current) && !jobMayRun(status) ? { value: JOB_STATUS.inActive } : { value: current };
}

/** Only an operator whose role is Validator submits or edits jobs; Standby or no role is refused. */
export const roleMaySubmit = (role: string | null) => role === USER_ROLE.validator;

export type SubmitDecision =
  { allowed: true } | { allowed: false; code: "forbidden" | "notFound" | "conflict"; reason: string };

/**
 * Whether an operator of `role` may submit a job for `node`, which is undefined when it is absent or
 * not theirs. Only a Validator submits (a Standby operator or one without a role is refused first);
 * then the node must be theirs (404) and Active.
 */
export function decideSubmit(role: string | null, node: { status: string } | undefined): SubmitDecision {
  if (!roleMaySubmit(role)) return { allowed: false, code: "forbidden", reason: JOB_RULE_MESSAGES.onlyValidator };
  if (!node) return { allowed: false, code: "notFound", reason: JOB_RULE_MESSAGES.jobNodeNotFound };
  if (node.status !== NODE_STATUS.active)
    return { allowed: false, code: "conflict", reason: JOB_RULE_MESSAGES.nodeNotActive };
  return { allowed: true };
}

/** The values a partial edit would store: each field sent replaces the stored one, the others are kept. */
export function applyEdit(before: JobValues, edit: { [K in JobField]?: JobValues[K] | undefined }): JobValues {
  const after: JobValues = { ...before };
  const set = <K extends JobField>(field: K, value: JobValues[K] | undefined) => {
    if (value !== undefined) after[field] = value;
  };
  for (const field of Object.keys(before) as JobField[]) set(field, edit[field]);
  return after;
}

/** The fields whose value differs between `before` and `after`. */
export const changedFields = (before: JobValues, after: JobValues): JobField[] =>
  (Object.keys(before) as JobField[]).filter((field) => before[field] !== after[field]);

/** Whether an edit changing `changed` is a job change: any field other than name or description. */
export const isJobChange = (changed: readonly JobField[]) =>
  changed.some((field) => !(JOB_CHANGE_EXEMPT_FIELDS as readonly JobField[]).includes(field));

/**
 * The job's jobChange after an edit: once a field other than name or description has changed since the
 * job was submitted, it stays true. Computed by the server, never taken from a request.
 */
export const nextJobChange = (current: boolean, changed: readonly JobField[]) => current || isJobChange(changed);

/** An operator's edit may change only the operator-editable fields: a field error for each other one changed. */
export function lockedFieldErrors(
  changed: readonly string[],
  editable: readonly string[] = OPERATOR_EDITABLE_FIELDS,
): Record<string, string> {
  return Object.fromEntries(
    changed.filter((field) => !editable.includes(field)).map((field) => [field, JOB_RULE_MESSAGES.adminOnlyField]),
  );
}
