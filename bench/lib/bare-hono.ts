/**
 * The floors of the list figures, served by @hono/node-server in its own process as the API is (port from BARE_PORT):
 * `GET /`, a Hono route that answers a small JSON body without touching anything; and `GET /answer`, a Hono route that
 * answers the bytes of one API answer, its status, headers and body as the API sent them (given by `PUT /answer`, see
 * bare-answer.ts), its headers written to Node's response as the API writes them: the same work on the wire as the
 * API's answer, and nothing else.
 */
import { serve, type HttpBindings } from "@hono/node-server";
import { Hono } from "hono";

interface Answer {
  status: number;
  headers: [string, string][];
  body: string;
}

let answer: { status: number; headers: [string, string][]; type: string; body: Uint8Array<ArrayBuffer> } | undefined;

const app = new Hono<{ Bindings: HttpBindings }>()
  .get("/", (c) => c.json({ ok: true }))
  .put("/answer", async (c) => {
    const given = await c.req.json<Answer>();
    answer = {
      status: given.status,
      headers: given.headers.filter(([name]) => name !== "content-type"),
      type: given.headers.find(([name]) => name === "content-type")?.[1] ?? "application/octet-stream",
      body: Uint8Array.from(Buffer.from(given.body, "base64")),
    };
    return c.body(null, 204);
  })
  .get("/answer", (c) => {
    if (!answer) return c.text("no answer given", 404);
    for (const [name, value] of answer.headers) c.env.outgoing.setHeader(name, value);
    return c.body(answer.body, answer.status as 200, { "content-type": answer.type });
  });
serve({ fetch: app.fetch, port: Number(process.env.BARE_PORT), hostname: "127.0.0.1" }, (info) => {
  console.log(`bare Hono listening on http://${info.address}:${info.port}`);
});
