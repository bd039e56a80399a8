/**
 * `DATABASE_SUPERUSER_URL=… DATABASE_OWNER_URL=… DATABASE_URL=… INDEXER_DATABASE_URL=… node api/dist/db-roles.js`:
 * as the server's superuser, creates the portal's three roles with the passwords of their URLs (or sets them again)
 * and hands the database of DATABASE_OWNER_URL to the owner (db/roles.ts); with POSTGRES_REPLICATION_PASSWORD, the
 * replication role of the analysts' replica too. Compose runs it before every migration;
 * on a managed Postgres without a superuser the SQL in docs/running.md does the same once.
 */
import {
  DATABASE_ROLES,
  REPLICATION_ROLE,
  setUpDatabaseRoles,
  setUpReplicationRole,
  type DatabaseRole,
} from "./roles.ts";
import { ROLE_OF, rolesEnvSchema } from "./roles-env.ts";

const given = Object.fromEntries(
  Object.keys(rolesEnvSchema.shape).map((name) => [name, process.env[name] || undefined]),
);
const env = rolesEnvSchema.safeParse(given);
if (!env.success) {
  for (const issue of env.error.issues) {
    const name = String(issue.path[0]);
    console.error(`${name}: ${given[name] === undefined ? "is required" : issue.message}`);
  }
  process.exit(2);
}

const passwords = Object.fromEntries(
  (Object.entries(ROLE_OF) as [keyof typeof ROLE_OF, DatabaseRole][]).map(([name, role]) => [
    role,
    decodeURIComponent(new URL(env.data[name]).password),
  ]),
) as Record<DatabaseRole, string>;
const database = decodeURIComponent(new URL(env.data.DATABASE_OWNER_URL).pathname.slice(1));
try {
  await setUpDatabaseRoles(env.data.DATABASE_SUPERUSER_URL, database, passwords);
  console.log(`The roles ${Object.values(DATABASE_ROLES).join(", ")} are set up on the database ${database}`);
  if (env.data.POSTGRES_REPLICATION_PASSWORD) {
    await setUpReplicationRole(env.data.DATABASE_SUPERUSER_URL, env.data.POSTGRES_REPLICATION_PASSWORD);
    console.log(`The replication role ${REPLICATION_ROLE} is set up`);
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exitCode = 1;
}
