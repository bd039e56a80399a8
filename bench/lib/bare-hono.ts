/**
 * The floor of the node list figures: a Hono route that answers a small JSON body without touching
 * anything, served by @hono/node-server in its own process as the API is. Port from BARE_PORT.
 */
import { serve } from "@hono/node-server";
import { Hono } from "hono";

const app = new Hono().get("/", (c) => c.json({ ok: true }));
serve({ fetch: app.fetch, port: Number(process.env.BARE_PORT), hostname: "127.0.0.1" }, (info) => {
  console.log(`bare Hono listening on http://${info.address}:${info.port}`);
});
