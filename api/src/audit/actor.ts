import type { Context } from "hono";
import type { AppEnv } from "../app-env.ts";
import { clientIp } from "../rate-limit/index.ts";
import { AUDIT_CLI_ADDRESS } from "./schema.ts";

/** Who made an audited action: the admin (null for the command line) and the client address. */
export interface AuditActor {
  adminId: string | null;
  clientAddress: string;
}

/** The signed-in admin of the request, at the client address the rate limiter counts. */
export const auditActor = (c: Context<AppEnv>): AuditActor => ({
  adminId: c.get("session")!.sub,
  clientAddress: clientIp(c),
});

/** The admin scripts run by someone at the server's command line. */
export const CLI_AUDIT_ACTOR: AuditActor = { adminId: null, clientAddress: AUDIT_CLI_ADDRESS };
