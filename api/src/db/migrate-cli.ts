/**
 * `DATABASE_URL=postgresql://… npm run migrate -w @pli/api`: brings the `app` schema of that database up
 * to date, then the analyst role's access and login (ANALYST_PASSWORD), for an API deployed without the
 * stack runner (`npm start` and `admin:create` migrate themselves).
 */
import { configFields } from "../config.ts";
import { applyAnalystAccess } from "./analyst-access.ts";
import { createDb } from "./database.ts";
import { migrateToLatest } from "./migrate.ts";

const given = { DATABASE_URL: process.env.DATABASE_URL || undefined, ANALYST_PASSWORD: process.env.ANALYST_PASSWORD };
const env = configFields.pick({ DATABASE_URL: true, ANALYST_PASSWORD: true }).safeParse(given);
if (!env.success) {
  for (const issue of env.error.issues) {
    const name = String(issue.path[0]);
    console.error(`${name}: ${given[name as keyof typeof given] === undefined ? "is required" : issue.message}`);
  }
  process.exit(2);
}

const db = createDb(env.data.DATABASE_URL, 1);
try {
  const applied = await migrateToLatest(db);
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
