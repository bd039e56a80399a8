/** The API's own description: the machine-readable document and the readable route list. */
export const OPENAPI_PATHS = { document: "/api/openapi.json", docs: "/api/docs" } as const;
