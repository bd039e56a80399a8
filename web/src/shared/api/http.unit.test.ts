import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { tokenStore } from "../session/token-store";
import { onUnauthorized, renewSession, sessionFetch } from "./http";

/** The API's part here: a token is accepted while it is in `accepted`; `/renew` answers a new token when told to. */
const accepted = new Set<string>();
let answerRenewal: (() => void) | null = null;
const server = createServer((request: IncomingMessage, response: ServerResponse) => {
  const token = request.headers.authorization?.replace(/^Bearer /, "") ?? "";
  if (!accepted.has(token)) {
    response
      .writeHead(401, { "content-type": "application/json" })
      .end(JSON.stringify({ error: "Sign in to continue" }));
    return;
  }
  if (request.url !== "/renew") {
    response.writeHead(200, { "content-type": "application/json" }).end("{}");
    return;
  }
  accepted.delete(token);
  answerRenewal = () => {
    accepted.add("new-token");
    response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ token: "new-token" }));
  };
});
let base = "";

const renew = () =>
  renewSession(
    sessionFetch(`${base}/renew`, { method: "POST" }).then(async (response) => {
      if (!response.ok) throw new Error(`answered ${response.status}`);
      return (await response.json()) as { token: string };
    }),
  );
const until = async (condition: () => boolean) => {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 5));
};

describe("a refused session", () => {
  let signOuts = 0;
  let stopListening = () => {};

  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));
  beforeEach(() => {
    const stored = new Map<string, string>();
    vi.stubGlobal("localStorage", {
      getItem: (key: string) => stored.get(key) ?? null,
      setItem: (key: string, value: string) => void stored.set(key, value),
      removeItem: (key: string) => void stored.delete(key),
    });
    accepted.clear();
    accepted.add("old-token");
    tokenStore.set("old-token");
    answerRenewal = null;
    signOuts = 0;
    stopListening = onUnauthorized(() => {
      signOuts += 1;
      tokenStore.clear();
    });
  });
  afterEach(() => {
    stopListening();
    vi.unstubAllGlobals();
  });

  it("signs out when the server refuses the session's token", async () => {
    accepted.clear();
    expect((await sessionFetch(`${base}/me`)).status).toBe(401);
    expect(signOuts).toBe(1);
    expect(tokenStore.get()).toBeNull();
  });

  it("keeps the session when the old token is refused while a 2FA change answers the new one", async () => {
    const renewal = renew();
    await until(() => answerRenewal !== null);
    expect((await sessionFetch(`${base}/me`)).status).toBe(401);
    answerRenewal!();
    expect((await renewal).token).toBe("new-token");
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(signOuts).toBe(0);
    expect(tokenStore.get()).toBe("new-token");
    expect((await sessionFetch(`${base}/me`)).status).toBe(200);
  });

  it("keeps the session when the old token's refusal arrives after the new token is kept", async () => {
    const late = sessionFetch(`${base}/slow`);
    accepted.delete("old-token");
    tokenStore.set("new-token");
    expect((await late).status).toBe(401);
    expect(signOuts).toBe(0);
    expect(tokenStore.get()).toBe("new-token");
  });

  it("signs out when the change itself is refused: no new token came", async () => {
    accepted.clear();
    await expect(renew()).rejects.toThrow();
    await until(() => signOuts > 0);
    expect(signOuts).toBe(1);
    expect(tokenStore.get()).toBeNull();
  });
});
