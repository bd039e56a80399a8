import { readdirSync, readFileSync } from "node:fs";
import { request } from "node:http";
import path from "node:path";
import { Secret, TOTP } from "otpauth";
import type { Hex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { API } from "@pli/api/public-contract";
import { waitFor } from "../scripts/lib/wait.ts";

/**
 * Sessions on a running API from Node, taken the way a browser takes them: an operator's Sign-In With
 * Ethereum (and TOTP once 2FA is on), an admin's password and emailed code. Shared by the browser
 * tests' fixtures (e2e/support/accounts.ts) and the chain reconciliation harness (scripts/verify-chain.ts).
 */

/** The code an authenticator app shows for `secret`, `stepsAhead` 30-second steps from now. */
export const totpCode = (secret: string, stepsAhead = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: Date.now() + stepsAhead * 30_000 });

/**
 * Waits, when the current 30-second step ends within `marginMs`, until the next one starts: a code of the step before
 * stays within the server's one-step tolerance until it is checked.
 */
export async function awayFromStepEdge(marginMs = 8_000) {
  const left = 30_000 - (Date.now() % 30_000);
  if (left < marginMs) await new Promise((resolve) => setTimeout(resolve, left + 50));
}

/** The 6-digit admin sign-in code in a mail's text (soft line breaks of quoted-printable joined), or undefined. */
export const signInCodeIn = (mail: string) => /sign-in code is (\d{6})/.exec(mail.replace(/=\r?\n/g, ""))?.[1];

/** An API answer: its status and its parsed JSON body. */
export interface ApiAnswer {
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
}

/**
 * One call to the API, as `token` when given: in-process through the API test fixture (api/test/app-fixture.ts), or
 * over HTTP to a running API (httpApi).
 */
export type CallApi = (
  method: "GET" | "POST",
  pathname: string,
  init?: { token?: string; body?: unknown },
) => Promise<ApiAnswer>;

/** Calls to the API at `apiUrl` over HTTP. */
export const httpApi =
  (apiUrl: string): CallApi =>
  async (method, pathname, { token, body } = {}) => {
    const response = await fetch(`${apiUrl}${pathname}`, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body === undefined ? {} : { "content-type": "application/json" }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, body: await response.json() };
  };

/**
 * One call to the API at `apiUrl`, as `token` when given; a POST when there is a body (or `method` says so). Throws on
 * a non-2xx answer.
 */
export async function callApi<T>(
  apiUrl: string,
  pathname: string,
  { token, body, method }: { token?: string; body?: unknown; method?: "GET" | "POST" } = {},
): Promise<T> {
  const answer = await httpApi(apiUrl)(method ?? (body === undefined ? "GET" : "POST"), pathname, { token, body });
  if (answer.status < 200 || answer.status > 299) {
    throw new Error(`${pathname} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  }
  return answer.body as T;
}

/** Sign-In With Ethereum as the web app does it, with the wallet of `key` and, once 2FA is on, a code: the answer. */
export async function walletSignIn(call: CallApi, key: Hex, otp?: string): Promise<ApiAnswer> {
  const account = privateKeyToAccount(key);
  const siwe = await call("POST", API.operator.siwe, { body: { walletAddress: account.address } });
  const signature = await account.signMessage({ message: siwe.body.message });
  return call("POST", API.operator.login, {
    body: { message: siwe.body.message, signature, ...(otp ? { otp } : {}) },
  });
}

/**
 * Turns 2FA on for the operator signed in as `token`, with the code of the step before (the server accepts one step
 * either side, so the code of the current step stays free for the next sign-in): the authenticator secret and the
 * enable answer, which carries a session past 2FA.
 */
export async function turnOn2fa(call: CallApi, token: string): Promise<{ secret: string; enabled: ApiAnswer }> {
  const setup = await call("POST", API.operator.twofaSetup, { token });
  if (setup.status !== 200) throw new Error(`2FA set-up answered ${setup.status}: ${JSON.stringify(setup.body)}`);
  const secret: string = setup.body.secret;
  await awayFromStepEdge(3_000);
  return {
    secret,
    enabled: await call("POST", API.operator.twofaEnable, { token, body: { otp: totpCode(secret, -1) } }),
  };
}

/** The session token of a successful sign-in answer; throws with the answer otherwise. */
export function sessionOf(answer: ApiAnswer): string {
  if (answer.status !== 200) throw new Error(`sign-in answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  return answer.body.token;
}

/** Sign-In With Ethereum as the web app does it, with the wallet of `key`; returns the session token. */
export async function operatorSession(apiUrl: string, key: Hex, otp?: string): Promise<string> {
  return sessionOf(await walletSignIn(httpApi(apiUrl), key, otp));
}

/** Signs the operator in, turns 2FA on with their authenticator secret, and signs in again with a code. */
export async function operatorSessionWith2fa(apiUrl: string, key: Hex): Promise<{ token: string; secret: string }> {
  const { secret, enabled } = await turnOn2fa(httpApi(apiUrl), await operatorSession(apiUrl, key));
  sessionOf(enabled);
  return { token: await operatorSession(apiUrl, key, totpCode(secret, 0)), secret };
}

/**
 * Where an admin's sign-in codes arrive: how many mails someone has, and the code of their newest sign-in mail after
 * the first `after`.
 */
export interface CodeInbox {
  count(to: string): number;
  codeFor(to: string, after?: number): Promise<string>;
}

let signIns = 0;

/**
 * A POST to the API on 127.0.0.1 sent from the loopback address `from`: the API keeps its sign-in budgets per client
 * address, and the tests sharing one stack sign in more admins than one address may in ten minutes.
 */
function postFrom<T>(apiUrl: string, pathname: string, body: unknown, from: string): Promise<T> {
  const url = new URL(pathname, apiUrl);
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: "POST",
        localAddress: from,
        headers: { "content-type": "application/json", "content-length": Buffer.byteLength(payload) },
      },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => (text += chunk));
        res.on("end", () =>
          res.statusCode && res.statusCode >= 200 && res.statusCode <= 299
            ? resolve(JSON.parse(text) as T)
            : reject(new Error(`${pathname} answered ${res.statusCode}: ${text}`)),
        );
      },
    );
    req.on("error", reject);
    req.end(payload);
  });
}

/** Admin sign-in: password, then the emailed code read from `inbox`, each sign-in from a loopback address of its own. */
export async function adminSession(
  apiUrl: string,
  admin: { email: string; password: string },
  inbox: CodeInbox,
): Promise<string> {
  signIns++;
  const from = `127.${(process.pid >> 8) & 0xff}.${process.pid & 0xff}.${(signIns % 250) + 2}`;
  const before = inbox.count(admin.email);
  const { registerDetail } = await postFrom<{ registerDetail: { _id: string } }>(apiUrl, API.admin.login, admin, from);
  const otp = await inbox.codeFor(admin.email, before);
  const { token } = await postFrom<{ token: string }>(
    apiUrl,
    API.admin.verifyOtp,
    { _id: registerDetail._id, otp },
    from,
  );
  return token;
}

/** The API's development outbox (no SMTP_URL): one text file per mail, headers then the body, read as an inbox. */
export function outboxInbox(dir: string): CodeInbox {
  const mailsTo = (to: string) => {
    let names: string[];
    try {
      names = readdirSync(dir).sort();
    } catch {
      return [];
    }
    const header = `to: ${to.toLowerCase()}\n`;
    return names
      .map((name) => readFileSync(path.join(dir, name), "utf8"))
      .filter((mail) => mail.toLowerCase().includes(header));
  };
  return {
    count: (to) => mailsTo(to).length,
    codeFor: (to, after = 0) =>
      waitFor(
        `a sign-in code mailed to ${to}`,
        () => mailsTo(to).slice(after).map(signInCodeIn).filter(Boolean).at(-1),
        { timeoutMs: 10_000, intervalMs: 50 },
      ),
  };
}
