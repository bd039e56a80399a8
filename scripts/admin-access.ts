/**
 * `npm run admin:disable -- --email E` / `npm run admin:enable -- --email E`: takes an admin's access away (their open
 * sessions end, and their password answers as a wrong one) or gives it back, and prints what it did. The last admin who
 * can sign in is never disabled.
 * Uses DATABASE_URL, else the database of a running `npm start`, else starts the embedded Postgres.
 */
import { parseArgs } from "node:util";
import { setAdminAccess } from "@pli/api/admin";
import { withAdminDatabase } from "./lib/admin-database.ts";

const { values } = parseArgs({
  options: { email: { type: "string" }, disable: { type: "boolean" }, enable: { type: "boolean" } },
});
const enabled = values.enable === true;
if (!values.email || enabled === (values.disable === true)) {
  console.error("Usage: npm run admin:disable -- --email admin@example.com (or admin:enable)");
  process.exit(2);
}
const email = values.email;

await withAdminDatabase(async (db) => {
  const { admin, changed } = await setAdminAccess(db, email, enabled);
  const state = enabled ? "may sign in" : "is disabled: their open sessions are ended and they cannot sign in";
  console.log(`Admin ${admin.email} ${state}.${changed ? "" : " (No change: it already was so.)"}`);
});
