import { sql } from "kysely";
import { getAddress, verifyMessage, type Hex } from "viem";
import { createSiweMessage, generateSiweNonce, parseSiweMessage } from "viem/siwe";
import { LIMITS } from "../public-contract/domain.ts";
import type { Config } from "../config.ts";
import type { Db } from "../db/database.ts";
import { AppError } from "../shared/errors.ts";

const STATEMENT = "Sign in to the Validator Nodes Operator Portal.";
export const INVALID_SIGN_IN = "This sign-in request is not valid: connect your wallet and sign again";

/** Builds and stores a one-time EIP-4361 message for `wallet` (expires with its nonce). */
export async function issueSiweMessage(db: Db, config: Config, wallet: `0x${string}`): Promise<string> {
  const publicUrl = new URL(config.PUBLIC_URL);
  const nonce = generateSiweNonce();
  const issuedAt = new Date();
  const expirationTime = new Date(issuedAt.getTime() + LIMITS.siweNonceTtlMinutes * 60_000);
  const message = createSiweMessage({
    address: getAddress(wallet),
    chainId: config.CHAIN_ID,
    domain: publicUrl.host,
    uri: publicUrl.origin,
    nonce,
    version: "1",
    statement: STATEMENT,
    issuedAt,
    expirationTime,
  });
  await db.deleteFrom("app.siwe_nonce").where("expires_at", "<", new Date()).execute();
  await db
    .insertInto("app.siwe_nonce")
    .values({ nonce, wallet_address: wallet.toLowerCase(), message, expires_at: expirationTime })
    .execute();
  return message;
}

/**
 * Checks a signed message against the one the server issued: same text, unused and unexpired nonce,
 * this server's domain and chain id, and a valid signature by the wallet. Returns the wallet and nonce;
 * the nonce is consumed by `consumeNonce` once the whole sign-in succeeds or fails for good.
 */
export async function verifySiweLogin(
  db: Db,
  config: Config,
  message: string,
  signature: Hex,
): Promise<{ wallet: `0x${string}`; nonce: string }> {
  const fields = parseSiweMessage(message);
  if (!fields.nonce || !fields.address) throw new AppError("unauthorized", INVALID_SIGN_IN);
  const stored = await db.selectFrom("app.siwe_nonce").selectAll().where("nonce", "=", fields.nonce).executeTakeFirst();
  const now = new Date();
  const publicUrl = new URL(config.PUBLIC_URL);
  const valid =
    stored !== undefined &&
    stored.message === message &&
    stored.expires_at > now &&
    stored.wallet_address === fields.address.toLowerCase() &&
    fields.domain === publicUrl.host &&
    fields.chainId === config.CHAIN_ID &&
    (!fields.expirationTime || fields.expirationTime > now);
  if (!valid) throw new AppError("unauthorized", INVALID_SIGN_IN);
  const signed = await verifyMessage({ address: fields.address, message, signature }).catch(() => false);
  if (!signed) throw new AppError("unauthorized", INVALID_SIGN_IN);
  return { wallet: fields.address, nonce: fields.nonce };
}

/** Deletes the nonce; false when another request consumed it first. */
export async function consumeNonce(db: Db, nonce: string): Promise<boolean> {
  const result = await sql`DELETE FROM app.siwe_nonce WHERE nonce = ${nonce}`.execute(db);
  return Number(result.numAffectedRows ?? 0) === 1;
}
