/**
 * The API's OpenAPI document (`/api/openapi.json`) and its readable list of routes (`/api/docs`), built from the routes
 * each feature declares.
 */
import { Hono } from "hono";
import { html } from "hono/html";
import type { AppEnv } from "../app-env.ts";
import { operationsOf } from "./document.ts";
import { OPENAPI_PATHS } from "./schema.ts";

/** /api/openapi.json and /api/docs, built from the document the app generates from its route declarations. */
export function openApiRoutes(document: () => { paths?: object }) {
  return new Hono<AppEnv>()
    .get(OPENAPI_PATHS.document, (c) => c.json(document()))
    .get(OPENAPI_PATHS.docs, (c) =>
      c.html(
        html`<!doctype html>
          <html lang="en">
            <head>
              <meta charset="utf-8" />
              <title>PLI validator portal API</title>
            </head>
            <body style="font-family: system-ui, sans-serif; margin: 2rem; max-width: 70rem">
              <h1>PLI validator portal API</h1>
              <p>
                Machine-readable document: <a href="${OPENAPI_PATHS.document}">${OPENAPI_PATHS.document}</a>. Signed-in
                routes take <code>Authorization: Bearer &lt;token&gt;</code>.
              </p>
              <table style="border-collapse: collapse; width: 100%">
                <tr>
                  <th align="left">Method</th>
                  <th align="left">Path</th>
                  <th align="left">Access</th>
                  <th align="left">What it does</th>
                </tr>
                ${operationsOf(document()).map(
                  (op) =>
                    html`<tr>
                      <td>${op.method.toUpperCase()}</td>
                      <td><code>${op.path}</code></td>
                      <td>${op.access}</td>
                      <td>${op.summary}</td>
                    </tr>`,
                )}
              </table>
            </body>
          </html>`,
      ),
    );
}
