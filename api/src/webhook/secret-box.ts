import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";
import type { Config } from "../config.ts";

/**
 * Webhook targets (a Discord, Slack or JSON URL is a bearer secret; a Telegram chat id is sealed alike), secrets and
 * Telegram bot tokens at rest: AES-256-GCM (node:crypto) under WEBHOOK_SECRET_KEY, each value with
 * its own random 96-bit nonce and its column as additional data (a sealed token copied into the secret column does not
 * open). A stored value reads `v1.<nonce>.<tag>.<ciphertext>` (base64url); the server opens it only to sign or post.
 */

/** The columns a sealed value belongs to, bound into its tag. */
export type SealedColumn = "webhook.secret" | "webhook.token" | "webhook.target";

const PREFIX = "v1.";

/**
 * The 32-byte key: WEBHOOK_SECRET_KEY (64 hex characters), or outside production a key derived from a fixed label, so a
 * development database stays readable across restarts (config.ts refuses production without the variable).
 */
export function webhookSecretKey(config: Pick<Config, "WEBHOOK_SECRET_KEY">): Buffer {
  return config.WEBHOOK_SECRET_KEY
    ? Buffer.from(config.WEBHOOK_SECRET_KEY, "hex")
    : createHash("sha256").update("pli-validator-portal webhook secrets, development only").digest();
}

export function seal(key: Buffer, column: SealedColumn, plaintext: string): string {
  const nonce = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, nonce).setAAD(Buffer.from(column));
  const sealed = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  return `${PREFIX}${[nonce, cipher.getAuthTag(), sealed].map((part) => part.toString("base64url")).join(".")}`;
}

/** Whether a stored value is sealed; one that is not was stored before sealing existed (see sealStoredSecrets). */
export const isSealed = (stored: string) => stored.startsWith(PREFIX);

/** The plaintext of a stored value; throws when the key or column is not the one it was sealed with. */
export function open(key: Buffer, column: SealedColumn, stored: string): string {
  if (!isSealed(stored)) return stored;
  const [nonce, tag, sealed] = stored
    .slice(PREFIX.length)
    .split(".")
    .map((part) => Buffer.from(part, "base64url"));
  const decipher = createDecipheriv("aes-256-gcm", key, nonce!).setAAD(Buffer.from(column)).setAuthTag(tag!);
  return Buffer.concat([decipher.update(sealed!), decipher.final()]).toString("utf8");
}

export const sealOrNull = (key: Buffer, column: SealedColumn, value: string | null) =>
  value === null ? null : seal(key, column, value);
export const openOrNull = (key: Buffer, column: SealedColumn, value: string | null) =>
  value === null ? null : open(key, column, value);
