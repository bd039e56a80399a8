import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { randomInt } from "node:crypto";
import { PostgresQueryCompiler, type KyselyPlugin } from "kysely";
import type { Hex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { createMigratedTestDatabase } from "../../test/database.ts";
import { asRole } from "../../test/roles.ts";
import { createApp } from "../src/app.ts";
import { createDeps } from "../src/deps.ts";
import { HANDLER } from "../src/handlers.ts";
import { createChainClient } from "../src/chain/client.ts";
import { createAdmin } from "../src/admin/repository.ts";
import { hashPassword } from "../src/auth/password.ts";
import { loadConfig, type Config } from "../src/config.ts";
import { API } from "../src/public-contract/index.ts";
import { createDb } from "../src/db/database.ts";
import { migrateToLatest } from "../src/db/migrate.ts";
import { migrateDatabase } from "../src/db/roles.ts";
import { ensureDefaultSettings } from "../src/setting/repository.ts";
import { systemResolver, type HostResolver } from "../src/webhook/guard.ts";
import { sessionOf, totpCode as totpCodeOf, turnOn2fa, walletSignIn } from "../../test/sessions.ts";
import { startSmtp, type Smtp } from "../../test/smtp.ts";
import { captureLogs } from "./logs.ts";

export const TEST_ADDRESSES = {
  PLI_TOKEN_ADDRESS: "0x5FbDB2315678afecb367f032d93F642f64180aa3",
  STAKING_ADDRESS: "0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512",
  FARM_ADDRESS: "0x9fE46736679d2D9a65F0592F2260aDf7c5e4Ed4c",
} as const;
export const PUBLIC_URL = "http://portal.test:5173";

/** A Kysely plugin that tells `onQuery` the SQL of each query as it is sent, changing nothing. */
function queryWatcher(onQuery: (sql: string) => void): KyselyPlugin {
  const compiler = new PostgresQueryCompiler();
  return {
    transformQuery: ({ node, queryId }) => {
      onQuery(compiler.compileQuery(node, queryId).sql);
      return node;
    },
    transformResult: async ({ result }) => result,
  };
}

interface CallOptions {
  body?: unknown;
  token?: string;
  ip?: string;
  headers?: Record<string, string>;
}

/** Each test password's hash, made once per worker: the admins of the tests differ by email, not by password. */
const testPasswordHashes = new Map<string, Promise<string>>();

/**
 * The cost of a test admin's password hash: a sixteenth of the portal's. The API project's files sign admins in about
 * 450 times a run, which at the portal's cost took about 16 CPU-seconds. The hash carries its cost and verifyPassword
 * follows it, so signing in runs the portal's own check; every hash the API makes (admin:create, a password change)
 * still has the portal's cost.
 */
const TEST_ADMIN_COST = { N: 1024, r: 8, p: 1 };

/**
 * A scrypt hash of `password` for a test admin. Its salt is shared by every admin with that password, which a test
 * never tells apart.
 */
function testPasswordHash(password: string): Promise<string> {
  let hash = testPasswordHashes.get(password);
  if (!hash) testPasswordHashes.set(password, (hash = hashPassword(password, TEST_ADMIN_COST)));
  return hash;
}

/**
 * An API on a fresh database copied from the run's migrated template (or on `databaseUrl`, a superuser's URL of it),
 * migrated by the owner role as a deploy does (a no-op on the copy), with a real SMTP server when given. The app runs
 * as the API's runtime role, so every test through it proves that role's grants suffice.
 */
export async function createTestApp({
  rpcUrl = "http://127.0.0.1:9",
  env = {},
  smtp,
  databaseUrl: givenDatabaseUrl,
  onQuery,
  resolveHost = systemResolver,
}: {
  rpcUrl?: string;
  env?: Record<string, string>;
  smtp?: Smtp;
  databaseUrl?: string;
  /** Told the SQL of every query the app sends to the database, from the first request on. */
  onQuery?: (sql: string) => void;
  /** How webhook hosts resolve (tests prove the address guard without DNS). */
  resolveHost?: HostResolver;
} = {}) {
  const fixtureUrl = givenDatabaseUrl ?? (await createMigratedTestDatabase("api"));
  const databaseUrl = asRole(fixtureUrl, "api");
  const dir = mkdtempSync(path.join(tmpdir(), "pli-api-"));
  const config: Config = loadConfig({
    APP_ENV: "test",
    DATABASE_URL: databaseUrl,
    RPC_URL: rpcUrl,
    CHAIN_ID: "31337",
    JWT_SECRET: "test-secret-test-secret-test-secret-0123",
    WEBHOOK_SECRET_KEY: "7e57".repeat(16),
    PUBLIC_URL,
    TRUST_PROXY: "true",
    // The tests' anvil mines a block only when a transaction comes (chain-scan tests set their own depth).
    CHAIN_ALERT_CONFIRMATIONS: "0",
    UPLOAD_DIR: path.join(dir, "uploads"),
    OUTBOX_DIR: path.join(dir, "outbox"),
    ...(smtp ? { SMTP_URL: smtp.url } : {}),
    ...TEST_ADDRESSES,
    ...env,
  });
  const ownerDb = createDb(asRole(fixtureUrl, "owner"), 1);
  try {
    if (givenDatabaseUrl) await migrateDatabase(ownerDb);
    else await migrateToLatest(ownerDb);
  } finally {
    await ownerDb.destroy();
  }
  const db = createDb(fixtureUrl, 2);
  const pool = createDb(databaseUrl, 4);
  const indexerDb = createDb(asRole(fixtureUrl, "indexer"), 1);
  await ensureDefaultSettings(pool);
  const appDb = onQuery ? pool.withPlugin(queryWatcher(onQuery)) : pool;
  const logs = captureLogs();
  const { log } = logs;
  /** The wake-ups routes gave the senders; tests run them themselves (sendPendingMails, deliverPendingWebhooks). */
  const mailWakes = { count: 0 };
  const webhookWakes = { count: 0 };
  const { deps, mailSender, webhookSender, handlers } = createDeps(config, {
    db: appDb,
    log,
    chain: createChainClient(rpcUrl),
    resolveHost,
    onWake: (handler) => {
      if (handler === HANDLER.mail) mailWakes.count++;
      if (handler === HANDLER.webhook) webhookWakes.count++;
    },
  });
  const { live } = deps;
  const app = createApp(deps);

  /** One request; each gets its own client IP unless `ip` is given, so rate limits stay out of the way. */
  async function call(
    method: "GET" | "POST" | "PUT",
    url: string,
    { body, token, ip, headers = {} }: CallOptions = {},
  ) {
    const init: RequestInit = {
      method,
      headers: { "x-forwarded-for": ip ?? `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`, ...headers },
    };
    if (token) (init.headers as Record<string, string>).authorization = `Bearer ${token}`;
    if (body instanceof FormData) init.body = body;
    else if (body !== undefined) {
      (init.headers as Record<string, string>)["content-type"] ??= "application/json";
      init.body = JSON.stringify(body);
    }
    const response = await app.request(url, init);
    const text = await response.text();
    let json: unknown = text;
    try {
      json = JSON.parse(text);
    } catch {
      // A non-JSON body stays as text.
    }
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    return { status: response.status, body: json as any, headers: response.headers };
  }

  async function addValidator(
    key: Hex,
    role = "Validator",
    email = `${role.toLowerCase()}-${randomInt(1e9)}@example.com`,
  ) {
    const wallet = privateKeyToAccount(key).address.toLowerCase();
    await db.insertInto("app.validator_directory").values({ wallet_address: wallet, email, user_role: role }).execute();
    return { wallet, email };
  }

  /** SIWE sign-in as the wallet of `key`; returns the raw login answer. */
  const operatorLogin = (key: Hex, otp?: string) => walletSignIn(call, key, otp);

  /** A session of an operator whose 2FA is off (only the profile and the 2FA set-up answer it). */
  const operatorTokenWithout2fa = async (key: Hex): Promise<string> => sessionOf(await operatorLogin(key));

  const totpSecrets = new Map<Hex, string>();

  /** A current authenticator code of an operator whose 2FA this fixture turned on. */
  function totpCode(key: Hex, offsetSteps = 0) {
    const secret = totpSecrets.get(key);
    if (!secret) throw new Error("2FA was not turned on through operatorToken");
    return totpCodeOf(secret, offsetSteps);
  }

  /** A full operator session: the first call turns the operator's 2FA on, later calls sign in with a code. */
  async function operatorToken(key: Hex): Promise<string> {
    if (totpSecrets.has(key)) {
      const wallet = privateKeyToAccount(key).address.toLowerCase();
      await db.updateTable("app.operator").set({ totp_last_step: null }).where("wallet_address", "=", wallet).execute();
      return sessionOf(await operatorLogin(key, totpCode(key)));
    }
    const { secret, enabled } = await turnOn2fa(call, await operatorTokenWithout2fa(key));
    totpSecrets.set(key, secret);
    return sessionOf(enabled);
  }

  async function addAdmin(email = `admin-${randomInt(1e9)}@example.com`, password = "correct horse battery") {
    const admin = await createAdmin(db, { email, name: "Test Admin", passwordHash: await testPasswordHash(password) });
    return { ...admin, password };
  }

  /** Admin sign-in through password and the emailed code (needs `smtp`). */
  async function adminToken(admin: { email: string; password: string }): Promise<string> {
    if (!smtp) throw new Error("adminToken needs the SMTP server");
    const before = smtp.count(admin.email);
    const login = await call("POST", API.admin.login, { body: { email: admin.email, password: admin.password } });
    const otp = await smtp.codeFor(admin.email, before);
    const verify = await call("POST", API.admin.verifyOtp, { body: { _id: login.body.registerDetail._id, otp } });
    if (verify.status !== 200) throw new Error(`admin sign-in failed: ${JSON.stringify(verify.body)}`);
    return verify.body.token;
  }

  /**
   * Ends the database pool and removes the app's folder (uploads, outbox), so a test run leaves nothing in the temp
   * directory.
   */
  async function close() {
    await Promise.all([db.destroy(), pool.destroy(), indexerDb.destroy()]);
    rmSync(dir, { recursive: true, force: true });
  }

  return {
    app,
    /** The server's superuser, for a test's arrangements and checks; the app itself runs as the API's role. */
    db,
    /** The pool the app runs on, signed in as the API's runtime role (db/roles.ts). */
    appDb,
    /** The indexer's role, for tests that publish `chain` views of their own (test/chain-tables.ts). */
    indexerDb,
    config,
    logs,
    live,
    mailSender,
    mailWakes,
    webhookSender,
    webhookWakes,
    /** The named handlers (api/src/handlers.ts): a test runs one by name; wakes are only counted. */
    handlers,
    call,
    addValidator,
    operatorLogin,
    operatorToken,
    operatorTokenWithout2fa,
    totpCode,
    addAdmin,
    adminToken,
    close,
  };
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/** An API whose mails go to an SMTP server of its own (`smtp`); `close()` stops both. */
export async function createTestAppWithSmtp(options: Omit<Parameters<typeof createTestApp>[0] & {}, "smtp"> = {}) {
  const smtp = await startSmtp();
  try {
    const t = await createTestApp({ ...options, smtp });
    return {
      ...t,
      smtp,
      async close() {
        await t.close();
        await smtp.stop();
      },
    };
  } catch (error) {
    await smtp.stop();
    throw error;
  }
}

export type TestAppWithSmtp = Awaited<ReturnType<typeof createTestAppWithSmtp>>;
