import { z } from "zod";
import { featureContract } from "../public-contract/feature.ts";
import { idSchema, listQuerySchema } from "../shared/schema.ts";

export const AUDIT_PATHS = { root: "/api/audit", export: "/api/audit/export", admins: "/api/audit/admins" } as const;

/** The file name of the audit trail's CSV export. */
export const AUDIT_EXPORT_FILE = "audit.csv";

/** Every admin action the audit trail records, one name each (the CLI's included). */
export const AUDIT_ACTIONS = [
  "node.review",
  "node.toggle",
  "node.delete",
  "stakeRequest.status",
  "stakeRequest.delete",
  "stake.unlock",
  "payout.plan",
  "payout.paid",
  "incentive.delete",
  "reward.deposit",
  "setting.update",
  "stakeLimit.change",
  "job.edit",
  "job.quickUpdate",
  "job.delete",
  "rpcUrl.edit",
  "rpcUrl.delete",
  "jobCategory.add",
  "jobCategory.rename",
  "jobCategory.delete",
  "operator.disable",
  "operator.enable",
  "operator.secondFactorReset",
  "ticket.close",
  "invite.add",
  "invite.remove",
  "invite.import",
  "validator.add",
  "validator.role",
  "validator.remove",
  "validator.import",
  "passkey.add",
  "passkey.rename",
  "passkey.delete",
  "secondFactor.emailCode",
  "secondFactor.reset",
  "admin.password",
  "admin.create",
  "admin.access",
  "safe.propose",
  "safe.confirm",
  "safe.execute",
  "unchecked.review",
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** The kinds of record an audited action changes. */
export const AUDIT_RECORD_TYPES = [
  "node",
  "stakeRequest",
  "stake",
  "incentive",
  "rewardPool",
  "setting",
  "job",
  "jobCategory",
  "rpcUrl",
  "operator",
  "ticket",
  "invite",
  "validator",
  "passkey",
  "admin",
  "safeProposal",
  "uncheckedActivity",
] as const;
export type AuditRecordType = (typeof AUDIT_RECORD_TYPES)[number];

/** The client address of an action run from the command line (the admin scripts). */
export const AUDIT_CLI_ADDRESS = "cli";

export const AUDIT_MESSAGES = {
  auditUnknownAction: "Choose one of the listed actions",
  auditUnknownRecordType: "Choose one of the listed record types",
  auditBadDate: "Enter a date (YYYY-MM-DD) or a date and time (ISO 8601)",
  auditRangeReversed: "The end of the range is before its start",
} as const;

const dateOrDateTime = z.union([z.iso.date(), z.iso.datetime({ offset: true })], {
  error: AUDIT_MESSAGES.auditBadDate,
});

const filterShape = {
  adminId: idSchema.optional(),
  action: z.enum(AUDIT_ACTIONS, { error: AUDIT_MESSAGES.auditUnknownAction }).optional(),
  recordType: z.enum(AUDIT_RECORD_TYPES, { error: AUDIT_MESSAGES.auditUnknownRecordType }).optional(),
  recordId: z.string().trim().min(1).max(200).optional(),
  from: dateOrDateTime.optional(),
  to: dateOrDateTime.optional(),
};

/** A range whose end comes before its start is refused on `to`. */
const rangeInOrder = (filter: { from?: string | undefined; to?: string | undefined }) =>
  !filter.from || !filter.to || rangeStart(filter.from) < rangeEnd(filter.to);
const reversed = { path: ["to"], error: AUDIT_MESSAGES.auditRangeReversed };

/** The export's filters: all optional; `from` and `to` include their whole day when given as dates. */
export const auditFilterSchema = z.object(filterShape).refine(rangeInOrder, reversed);
export type AuditFilter = z.infer<typeof auditFilterSchema>;

/** The list's filters and page. */
export const auditQuerySchema = listQuerySchema
  .pick({ page: true, limit: true })
  .extend(filterShape)
  .refine(rangeInOrder, reversed);

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 86_400_000;

/** The first instant of a range starting at `from` (a date is its UTC midnight). */
export const rangeStart = (from: string) => new Date(from);

/** The first instant after a range ending at `to`: the next UTC midnight for a date, the next millisecond otherwise. */
export const rangeEnd = (to: string) => new Date(new Date(to).getTime() + (DATE_ONLY.test(to) ? DAY_MS : 1));

export const auditRecordResponseSchema = z.object({
  _id: z.string(),
  adminId: z.string().nullable(),
  adminEmail: z.string().nullable(),
  clientAddress: z.string(),
  occurredAt: z.string(),
  action: z.enum(AUDIT_ACTIONS),
  recordType: z.enum(AUDIT_RECORD_TYPES),
  recordId: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  txHash: z.string().nullable(),
});
export type AuditRecordResponse = z.infer<typeof auditRecordResponseSchema>;

/** An admin the trail can be filtered by (the Audit log screen's choice of admin). */
export const auditAdminResponseSchema = z.object({ _id: z.string(), email: z.string() });
export type AuditAdminResponse = z.infer<typeof auditAdminResponseSchema>;
export const auditAdminsResponseSchema = z.array(auditAdminResponseSchema);

/** What this feature adds to the public contract (gathered by public-contract/index.ts). */
export const AUDIT_CONTRACT = featureContract({ audit: AUDIT_PATHS }, AUDIT_MESSAGES);
