import { roleUrl, type DatabaseRole } from "@pli/api/db/roles";

/** The passwords test/global-postgres.ts gives the portal's roles on the run's server. */
export const TEST_ROLE_PASSWORDS: Record<DatabaseRole, string> = {
  owner: "owner-test-password-0123",
  api: "api-test-password-0123",
  indexer: "indexer-test-password-0123",
};

/** `databaseUrl` signed in as one of the portal's roles (db/roles.ts) instead of the server's superuser. */
export function asRole(databaseUrl: string, role: DatabaseRole): string {
  return roleUrl(databaseUrl, role, TEST_ROLE_PASSWORDS[role]);
}
