/** The audit feature's public entry: other features, and the tools outside the API (as @pli/api/audit), import only what it lists. */
export { type AuditActor, CLI_AUDIT_ACTOR, auditActor } from "./actor.ts";
export { recordAudit, recordAuditOnce } from "./repository.ts";
export { changedOnly } from "./rules.ts";
