import { request as httpRequest } from "node:http";
import { serve, type ServerType } from "@hono/node-server";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { freePort } from "../../../scripts/lib/ports.ts";
import { createTestAppWithSmtp, type TestAppWithSmtp } from "../../test/app-fixture.ts";
import { newOperator } from "../../test/nodes.ts";
import { API, MESSAGES } from "../public-contract/index.ts";
import { formParser } from "./control-characters.ts";
import { MAX_JSON_DEPTH } from "./json-depth.ts";

let t: TestAppWithSmtp;
let server: ServerType;
let port: number;
let operator: Awaited<ReturnType<typeof newOperator>>;
let admin: string;
let postPaths: string[] = [];

beforeAll(async () => {
  t = await createTestAppWithSmtp();
  port = await freePort();
  server = serve({ fetch: t.app.fetch, port, hostname: "127.0.0.1" });
  operator = await newOperator(t);
  admin = await t.adminToken(await t.addAdmin());
  const doc = (await t.call("GET", API.openapi)).body as { paths: Record<string, Record<string, unknown>> };
  postPaths = Object.entries(doc.paths)
    .filter(([, item]) => "post" in item)
    .map(([path]) => path);
});
afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  await t?.close();
});

interface Answer {
  status: number;
  body: { error?: string; errors?: Record<string, string>; id?: string };
}

let nextClient = 1;

/** One POST to the real server with a declared length, from a client address of its own. */
function post(path: string, body: string | Buffer, headers: Record<string, string>): Promise<Answer> {
  const bytes = Buffer.isBuffer(body) ? body : Buffer.from(body, "utf8");
  const client = nextClient++;
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      {
        host: "127.0.0.1",
        port,
        method: "POST",
        path,
        headers: {
          "content-length": String(bytes.length),
          "x-forwarded-for": `10.77.${client >> 8}.${client & 255}`,
          ...headers,
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => {
          const text = Buffer.concat(chunks).toString("utf8");
          let parsed: Answer["body"] = {};
          try {
            parsed = JSON.parse(text) as Answer["body"];
          } catch {
            parsed = { error: text };
          }
          resolve({ status: response.statusCode ?? 0, body: parsed });
        });
        response.on("error", reject);
      },
    );
    request.on("error", reject);
    request.end(bytes);
  });
}

const nested = (depth: number, inner = "0") => `${"[".repeat(depth)}${inner}${"]".repeat(depth)}`;

/** Every spelling of the JSON media type that Hono's validators read as JSON. */
const JSON_SPELLINGS = [
  "application/json",
  "Application/JSON",
  "APPLICATION/JSON; charset=UTF-8",
  "application/merge+json",
  "application/vnd.api+json",
  " application/json ;charset=utf-8",
];

describe("a body nested 20,000 deep", () => {
  it("answers 400 with a clear error on every POST route, public or not, signed in or not", async () => {
    const body = nested(20_000);
    expect(body.length).toBe(40_001);
    expect(postPaths.length).toBeGreaterThanOrEqual(30);
    for (const path of postPaths) {
      for (const token of [undefined, admin]) {
        const answer = await post(path.replace(/\{[^}]+\}/g, "x"), body, {
          "content-type": "application/json",
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        });
        expect(answer.status, path).toBe(400);
        expect(answer.body.errors, path).toEqual({ body: MESSAGES.nestedTooDeep });
      }
    }
  });

  it("is refused in every JSON spelling, and objects count as levels like arrays", async () => {
    for (const type of JSON_SPELLINGS) {
      const answer = await post(API.admin.login, nested(20_000), { "content-type": type });
      expect(answer.status, type).toBe(400);
      expect(answer.body.errors, type).toEqual({ body: MESSAGES.nestedTooDeep });
    }
    const objects = `${'{"a":'.repeat(5_000)}1${"}".repeat(5_000)}`;
    expect((await post(API.admin.login, objects, { "content-type": "application/json" })).body.errors).toEqual({
      body: MESSAGES.nestedTooDeep,
    });
  });

  it(`takes ${MAX_JSON_DEPTH} levels as an ordinary body; brackets inside strings are text, not levels`, async () => {
    const atLimit = JSON.stringify({ email: "a@example.com", password: JSON.parse(nested(MAX_JSON_DEPTH - 1)) });
    const answer = await post(API.admin.login, atLimit, { "content-type": "application/json" });
    expect(answer.status).toBe(400);
    expect(answer.body.errors?.body).toBeUndefined();
    expect(answer.body.errors?.password).toBeDefined();
    const overLimit = JSON.stringify({ email: "a@example.com", password: JSON.parse(nested(MAX_JSON_DEPTH)) });
    expect((await post(API.admin.login, overLimit, { "content-type": "application/json" })).body.errors).toEqual({
      body: MESSAGES.nestedTooDeep,
    });
    const bracketsInText = JSON.stringify({ email: `"\\${"[".repeat(5_000)}@example.com`, password: "x" });
    const notAnEmail = await post(API.admin.login, bracketsInText, { "content-type": "application/json" });
    expect(notAnEmail.status).toBe(400);
    expect(notAnEmail.body.errors?.body).toBeUndefined();
    expect(notAnEmail.body.errors?.email).toBeDefined();
  });
});

describe("control characters in a body, whatever the media type's spelling", () => {
  const ticketCount = async () =>
    (await t.call("GET", `${API.ticket.root}?limit=100`, { token: operator.token })).body.totalDocs as number;

  it("a NUL, ESC or vertical tab in a ticket's message answers 400 naming the field, and stores nothing", async () => {
    const before = await ticketCount();
    for (const type of JSON_SPELLINGS) {
      for (const control of ["\u0000", "\u001b", "\u000b"]) {
        const body = JSON.stringify({ subject: "Node down", message: `before${control}after` });
        const answer = await post(API.ticket.root, body, {
          "content-type": type,
          authorization: `Bearer ${operator.token}`,
        });
        expect(answer.status, `${type} ${JSON.stringify(control)}`).toBe(400);
        expect(answer.body.errors, `${type} ${JSON.stringify(control)}`).toEqual({
          message: MESSAGES.controlCharacters,
        });
      }
    }
    expect(await ticketCount()).toBe(before);
    const clean = await post(
      API.ticket.root,
      JSON.stringify({ subject: "Node down", message: "no control characters" }),
      { "content-type": "Application/JSON", authorization: `Bearer ${operator.token}` },
    );
    expect(clean.status).toBe(201);
    expect(await ticketCount()).toBe(before + 1);
  });

  it("a control character the text carries as it is, with no escape (DEL in JSON, %7F or %01 in a query), answers 400", async () => {
    const before = await ticketCount();
    const body = JSON.stringify({ subject: "Node down", message: "before\u007fafter" });
    expect(body).toContain("\u007f");
    const answer = await post(API.ticket.root, body, {
      "content-type": "application/json",
      authorization: `Bearer ${operator.token}`,
    });
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toEqual({ message: MESSAGES.controlCharacters });
    expect(await ticketCount()).toBe(before);
    for (const q of ["a%7Fb", "a%01b", "a%1bb", "a\u007fb"]) {
      const listed = await t.call("GET", `${API.ticket.root}?limit=10&q=${q}`, { token: operator.token });
      expect(listed.status, q).toBe(400);
      expect(listed.body.errors?.q, q).toBe(MESSAGES.controlCharacters);
    }
    const plain = await t.call("GET", `${API.ticket.root}?limit=10&q=a+b%20c`, { token: operator.token });
    expect(plain.status).toBe(200);
  });

  it("a control character in a form's field or file name answers 400 in every spelling of the form types; a route that takes no form refuses one unread", async () => {
    const boundary = "----shape";
    const form = (name: string) =>
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: image/png\r\n\r\nx\r\n--${boundary}\r\nContent-Disposition: form-data; name="filename"\r\n\r\n${name}\r\n--${boundary}--\r\n`,
        "latin1",
      );
    for (const type of [
      `multipart/form-data; boundary=${boundary}`,
      `Multipart/Form-Data; boundary=${boundary}`,
      `MULTIPART/FORM-DATA; boundary=${boundary}`,
    ]) {
      const answer = await post(API.upload, form("lo\u001bgo.png"), {
        "content-type": type,
        authorization: `Bearer ${admin}`,
      });
      expect(answer.status, type).toBe(400);
      expect(answer.body.errors?.filename, type).toBe(MESSAGES.controlCharacters);
    }
    const parse = vi.spyOn(formParser, "parse");
    try {
      for (const type of ["application/x-www-form-urlencoded", "Application/X-WWW-Form-Urlencoded"]) {
        const answer = await post(API.admin.login, "email=a%1Bb%40example.com&password=x", { "content-type": type });
        expect(answer.status, type).toBe(415);
      }
      expect(parse).not.toHaveBeenCalled();
    } finally {
      parse.mockRestore();
    }
  });
});
