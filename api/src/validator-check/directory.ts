import type { UserRole } from "../public-contract/domain.ts";
import type { Db } from "../db/database.ts";

/** Adds or updates a wallet in the built-in validator directory. */
export async function upsertDirectoryEntry(
  db: Db,
  entry: { walletAddress: string; email: string | null; userRole: UserRole },
) {
  await db
    .insertInto("app.validator_directory")
    .values({ wallet_address: entry.walletAddress.toLowerCase(), email: entry.email, user_role: entry.userRole })
    .onConflict((oc) => oc.column("wallet_address").doUpdateSet({ email: entry.email, user_role: entry.userRole }))
    .execute();
}
