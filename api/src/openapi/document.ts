/** The document's frame; its paths come from the routes' own declarations (see app.ts). */
export const OPENAPI_INFO = {
  openapi: "3.1.0",
  info: { title: "PLI validator portal API", version: "1.0.0" },
} as const;

export interface DocumentedOperation {
  method: string;
  path: string;
  access: string;
  summary: string;
}

/** Every operation of an OpenAPI document, for the human-readable route list. */
export function operationsOf(document: { paths?: object }): DocumentedOperation[] {
  const operations: DocumentedOperation[] = [];
  for (const [path, item] of Object.entries(document.paths ?? {}) as [string, object | undefined][]) {
    for (const [method, operation] of Object.entries(item ?? {})) {
      const op = operation as { summary?: string; "x-access"?: string };
      operations.push({ method, path, access: op["x-access"] ?? "public", summary: op.summary ?? "" });
    }
  }
  return operations;
}
