/**
 * `DATABASE_OWNER_URL=postgresql://pli_owner:…@host/db npm run migrate -w @pli/api`: as the owner role, brings the
 * `app` schema of that database up to date, installs pg-boss's schema, grants the API's runtime role what it may do
 * (db/roles.ts), then the analyst role's access and login (ANALYST_PASSWORD), for an API deployed without the stack
 * runner (`npm start` migrates itself). The API's own DATABASE_URL is never needed here, nor the owner's there.
 */
import { configFields } from "../config.ts";
import { applyAnalystAccess } from "./analyst-access.ts";
import { createDb } from "./database.ts";
import { migrateDatabase } from "./roles.ts";

const given = {
  DATABASE_OWNER_URL: process.env.DATABASE_OWNER_URL || undefined,
  ANALYST_PASSWORD: process.env.ANALYST_PASSWORD,
};
const env = configFields.pick({ DATABASE_OWNER_URL: true, ANALYST_PASSWORD: true }).safeParse(given);
if (!env.success) {
  for (const issue of env.error.issues) {
    const name = String(issue.path[0]);
    const problem = given[name as keyof typeof given] === undefined ? "is required" : issue.message;
    console.error(
      name === "DATABASE_OWNER_URL"
        ? `${name}: ${problem} (the owner role's URL, which migrates: docs/running.md, "Database roles")`
        : `${name}: ${problem}`,
    );
  }
  process.exit(2);
}

const db = createDb(env.data.DATABASE_OWNER_URL, 1);
try {
  const applied = await migrateDatabase(db);
  console.log(applied.length > 0 ? `Applied ${applied.join(", ")}` : "The app schema is up to date");
  await applyAnalystAccess(db, env.data.ANALYST_PASSWORD);
  console.log(
    `The analyst role ${env.data.ANALYST_PASSWORD === undefined ? "cannot log in (no ANALYST_PASSWORD)" : "logs in with ANALYST_PASSWORD"}`,
  );
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exitCode = 1;
} finally {
  await db.destroy();
}
