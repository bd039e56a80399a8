/**
 * `npm run admin:create -- --email E [--name N]`: creates an admin and prints its generated password.
 * Uses DATABASE_URL, else the database of a running `npm start`, else starts the embedded Postgres.
 */
import { parseArgs } from "node:util";
import { provisionAdmin } from "@pli/api/admin";
import { withAdminDatabase } from "./lib/admin-database.ts";

const { values } = parseArgs({ options: { email: { type: "string" }, name: { type: "string" } } });
if (!values.email) {
  console.error("Usage: npm run admin:create -- --email admin@example.com [--name 'Jane Doe']");
  process.exit(2);
}
const email = values.email;

await withAdminDatabase(async (db) => {
  const { admin, password } = await provisionAdmin(db, { email, name: values.name });
  console.log(
    `Admin created: ${admin.email}\nPassword: ${password}\nKeep it safe: it is not shown again. Change it under Setting after signing in.`,
  );
});
