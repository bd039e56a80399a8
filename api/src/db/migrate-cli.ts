/**
 * `DATABASE_URL=postgresql://… npm run migrate -w @pli/api`: brings the `app` schema of that database up
 * to date, for an API deployed without the stack runner (`npm start` and `admin:create` migrate themselves).
 */
import { z } from "zod";
import { configFields } from "../config.ts";
import { createDb } from "./database.ts";
import { migrateToLatest } from "./migrate.ts";

const given = process.env.DATABASE_URL || undefined;
const env = z.object({ DATABASE_URL: configFields.shape.DATABASE_URL }).safeParse({ DATABASE_URL: given });
if (!env.success) {
  console.error(`DATABASE_URL: ${given ? env.error.issues[0]?.message : "is required"}`);
  process.exit(2);
}

const db = createDb(env.data.DATABASE_URL, 1);
try {
  const applied = await migrateToLatest(db);
  console.log(applied.length > 0 ? `Applied ${applied.join(", ")}` : "The app schema is up to date");
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exitCode = 1;
} finally {
  await db.destroy();
}
