import { USER_TYPE } from "../public-contract/domain.ts";
import type { SessionClaims } from "../operator/schema.ts";

/**
 * The owner a signed-in person's records are limited to: operators reach only their own records
 * (their id), admins reach every record (undefined). Every feature with owned records uses this.
 */
export const ownerScope = (session: SessionClaims): string | undefined =>
  session.userType === USER_TYPE.admin ? undefined : session.sub;
