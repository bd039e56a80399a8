/**
 * `npm run operator:reset-second-factor -- --wallet W`: for an operator who lost their authenticator (after making sure,
 * outside the portal, that the wallet's owner is asking), turns their 2FA off and ends their open sessions, and prints
 * what it did; their next sign-in asks them to set 2FA up again.
 * Uses DATABASE_URL, else the database of a running `npm start`, else starts the embedded Postgres.
 */
import { parseArgs } from "node:util";
import { resetOperatorSecondFactor } from "@pli/api/operator";
import { withAdminDatabase } from "./lib/admin-database.ts";

const { values } = parseArgs({ options: { wallet: { type: "string" } } });
if (!values.wallet) {
  console.error("Usage: npm run operator:reset-second-factor -- --wallet 0x… (or xdc…)");
  process.exit(2);
}
const wallet = values.wallet;

await withAdminDatabase(async (db) => {
  const { wallet: address, wasOn } = await resetOperatorSecondFactor(db, wallet);
  console.log(
    `Operator ${address}\n${wasOn ? "2FA is off." : "2FA was already off."}\nTheir open sessions are ended.\nAt their next sign-in they set up 2FA again.`,
  );
});
