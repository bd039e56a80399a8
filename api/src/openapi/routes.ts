import { Hono } from "hono";
import { html, raw } from "hono/html";
import type { AppEnv } from "../app-env.ts";
import { OPERATIONS, openApiDocument } from "./document.ts";

const document = openApiDocument();

export const openApiRoutes = new Hono<AppEnv>()
  .get("/openapi.json", (c) => c.json(document))
  .get("/docs", (c) =>
    c.html(
      html`<!doctype html>
        <html lang="en">
          <head>
            <meta charset="utf-8" />
            <title>PLI validator portal API</title>
            <style>
              body { font-family: system-ui, sans-serif; margin: 2rem; max-width: 70rem; }
              table { border-collapse: collapse; width: 100%; }
              td, th { border-bottom: 1px solid #ddd; padding: 0.4rem; text-align: left; vertical-align: top; }
              code { font-size: 0.9em; }
            </style>
          </head>
          <body>
            <h1>PLI validator portal API</h1>
            <p>Machine-readable document: <a href="/api/openapi.json">/api/openapi.json</a>. Signed-in routes take <code>Authorization: Bearer &lt;token&gt;</code>.</p>
            <table>
              <tr><th>Method</th><th>Path</th><th>Access</th><th>What it does</th></tr>
              ${raw(
                OPERATIONS.map(
                  (op) => `<tr><td>${op.method.toUpperCase()}</td><td><code>${op.path}</code></td><td>${op.access}</td><td>${op.summary}</td></tr>`,
                ).join(""),
              )}
            </table>
          </body>
        </html>`,
    ),
  );
