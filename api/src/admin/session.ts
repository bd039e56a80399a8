import { USER_TYPE } from "../public-contract/domain.ts";
import type { SessionClaims } from "../public-contract/index.ts";
import { signSession } from "../auth/index.ts";

/** A session token for the admin at their current session version; one that `replaces` a session keeps its exp. */
export const adminSession = (
  config: { JWT_SECRET: string; SESSION_TTL_SECONDS: number },
  admin: { id: string; name: string; email: string; session_version: number },
  replaces?: Pick<SessionClaims, "exp">,
) =>
  signSession(
    { sub: admin.id, userType: USER_TYPE.admin, name: admin.name, email: admin.email, ver: admin.session_version },
    config.JWT_SECRET,
    config.SESSION_TTL_SECONDS,
    replaces,
  );
