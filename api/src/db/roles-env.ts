import { z } from "zod";
import { configFields } from "../config.ts";
import { DATABASE_ROLES, type DatabaseRole } from "./roles.ts";

/** The variable holding each role's URL, whose password `db-roles` gives that role. */
export const ROLE_OF = { DATABASE_OWNER_URL: "owner", DATABASE_URL: "api", INDEXER_DATABASE_URL: "indexer" } as const;

const postgresUrl = configFields.shape.DATABASE_URL;

/** What `db-roles` (roles-cli.ts) reads: the superuser's URL and each role's, all naming one database. */
export const rolesEnvSchema = z
  .object({
    DATABASE_SUPERUSER_URL: postgresUrl,
    DATABASE_OWNER_URL: postgresUrl,
    DATABASE_URL: postgresUrl,
    INDEXER_DATABASE_URL: postgresUrl,
    /** The replication role's password (the analysts' replica); unset, the role is not made. */
    POSTGRES_REPLICATION_PASSWORD: z
      .string()
      .regex(/^[A-Za-z0-9]{16,}$/, "must be 16 or more letters and digits (openssl rand -hex 24)")
      .optional(),
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
