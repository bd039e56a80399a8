/**
 * `DATABASE_SUPERUSER_URL=… DATABASE_OWNER_URL=… DATABASE_URL=… INDEXER_DATABASE_URL=… node api/dist/db-roles.js`:
 * as the server's superuser, creates the portal's three roles with the passwords of their URLs (or sets them again)
 * and hands the database of DATABASE_OWNER_URL to the owner (db/roles.ts). Compose runs it before every migration;
 * on a managed Postgres without a superuser the SQL in docs/running.md does the same once.
 */
import { z } from "zod";
import { configFields } from "../config.ts";
import { DATABASE_ROLES, setUpDatabaseRoles, type DatabaseRole } from "./roles.ts";

const ROLE_OF = { DATABASE_OWNER_URL: "owner", DATABASE_URL: "api", INDEXER_DATABASE_URL: "indexer" } as const;
const postgresUrl = configFields.shape.DATABASE_URL;
const schema = z
  .object({
    DATABASE_SUPERUSER_URL: postgresUrl,
    DATABASE_OWNER_URL: postgresUrl,
    DATABASE_URL: postgresUrl,
    INDEXER_DATABASE_URL: postgresUrl,
  })
  .superRefine((env, ctx) => {
    const database = new URL(env.DATABASE_OWNER_URL).pathname;
    for (const [name, role] of Object.entries(ROLE_OF) as [keyof typeof ROLE_OF, DatabaseRole][]) {
      const url = new URL(env[name]);
      if (decodeURIComponent(url.username) !== DATABASE_ROLES[role])
        ctx.addIssue({ code: "custom", path: [name], message: `must sign in as ${DATABASE_ROLES[role]}` });
      else if (!url.password) ctx.addIssue({ code: "custom", path: [name], message: "must carry the role's password" });
      if (url.pathname !== database)
        ctx.addIssue({ code: "custom", path: [name], message: "must name the database of DATABASE_OWNER_URL" });
    }
  });

const given = Object.fromEntries(
  ["DATABASE_SUPERUSER_URL", ...Object.keys(ROLE_OF)].map((name) => [name, process.env[name] || undefined]),
);
const env = schema.safeParse(given);
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
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exitCode = 1;
}
