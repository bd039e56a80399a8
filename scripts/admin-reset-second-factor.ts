/**
 * `npm run admin:reset-second-factor -- --email E`: for an admin who lost every passkey while emailed
 * codes were off, removes their passkeys, turns emailed sign-in codes back on and ends their open sessions, and prints
 * what it did.
 * Uses DATABASE_URL, else the database of a running `npm start`, else starts the embedded Postgres.
 */
import { parseArgs } from "node:util";
import { resetSecondFactor } from "@pli/api/admin";
import { withAdminDatabase } from "./lib/admin-database.ts";

const { values } = parseArgs({ options: { email: { type: "string" } } });
if (!values.email) {
  console.error("Usage: npm run admin:reset-second-factor -- --email admin@example.com");
  process.exit(2);
}
const email = values.email;

await withAdminDatabase(async (db) => {
  const { admin, removedPasskeys, fallbackWasOn } = await resetSecondFactor(db, email);
  const removed =
    removedPasskeys.length === 0
      ? "No passkeys to remove."
      : `Removed ${removedPasskeys.length} passkey(s): ${removedPasskeys.join(", ")}.`;
  const fallback = fallbackWasOn ? "Emailed sign-in codes were already on." : "Emailed sign-in codes are on again.";
  console.log(
    `Admin ${admin.email}\n${removed}\n${fallback}\nTheir open sessions are ended.\nSign in with the password and the emailed code, then add a passkey under Setting.`,
  );
});
