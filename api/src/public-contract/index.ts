/**
 * The API's public contract, imported by the web app as @pli/api/public-contract: each feature owns its
 * schemas, rules, paths and messages in its own `schema.ts`, which also exports one descriptor
 * (featureContract); features.ts lists each feature once, and this barrel gathers the descriptors.
 */
import { gatherContracts } from "./feature.ts";
import * as features from "./features.ts";
import { COMMON_MESSAGES } from "./messages.ts";

export * from "./domain.ts";
export * from "../shared/schema.ts";
export * from "../shared/pli.ts";
export * from "../shared/import-rows.ts";
export * from "./features.ts";

const contract = gatherContracts(features);

/** Every path of the API (spec section 7). */
export const API = contract.api;

/** Every message the product shows or answers with. */
export const MESSAGES = { ...COMMON_MESSAGES, ...contract.messages } as const;
