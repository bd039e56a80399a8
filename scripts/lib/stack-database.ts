import { randomBytes } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { DATABASE_ROLES, roleUrl, setUpDatabaseRoles, type DatabaseRole } from "@pli/api/db/roles";
import { DATABASE_ROLES_FILE, STACK_DATABASE } from "./data-files.ts";
import type { Postgres } from "./postgres.ts";

/** The portal's database as each of its roles signs in (api/src/db/roles.ts): never as the server's superuser. */
export type PortalDatabase = Record<DatabaseRole, string>;

/** The roles' passwords, made once and kept under the data folder, so a restart signs in as before. */
function rolePasswords(dataDir: string): Record<DatabaseRole, string> {
  const file = path.join(dataDir, DATABASE_ROLES_FILE);
  if (!existsSync(file)) {
    const passwords = Object.fromEntries(
      Object.keys(DATABASE_ROLES).map((role) => [role, randomBytes(24).toString("hex")]),
    );
    writeFileSync(file, JSON.stringify(passwords), { mode: 0o600 });
  }
  return JSON.parse(readFileSync(file, "utf8")) as Record<DatabaseRole, string>;
}

/**
 * The stack's database on the embedded server, created when missing, with the portal's roles set up by the server's
 * superuser (the only use of it): the owner migrates, the API and the indexer sign in as their own roles.
 */
export async function embeddedPortalDatabase(pg: Postgres, dataDir: string): Promise<PortalDatabase> {
  const url = await pg.createDatabase(STACK_DATABASE);
  const passwords = rolePasswords(dataDir);
  await setUpDatabaseRoles(pg.url(), STACK_DATABASE, passwords);
  return {
    owner: roleUrl(url, "owner", passwords.owner),
    api: roleUrl(url, "api", passwords.api),
    indexer: roleUrl(url, "indexer", passwords.indexer),
  };
}
