import { featureContract } from "../public-contract/feature.ts";

/** The API's own description: the machine-readable document and the readable route list. */
export const OPENAPI_PATHS = { document: "/api/openapi.json", docs: "/api/docs" } as const;

/** What this feature adds to the public contract (gathered by public-contract/index.ts). */
export const OPENAPI_CONTRACT = featureContract({ openapi: OPENAPI_PATHS.document, docs: OPENAPI_PATHS.docs });
