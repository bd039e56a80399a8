/**
 * Every feature of the public contract, one line each: its schema.ts publishes its schemas, rules, paths, messages and
 * descriptor.
 */
export * from "../admin/schema.ts";
export * from "../admin-search/schema.ts";
export * from "../alert/schema.ts";
export * from "../audit/schema.ts";
export * from "../chain-config/schema.ts";
export * from "../dashboard/schema.ts";
export * from "../earnings/schema.ts";
export * from "../health/schema.ts";
export * from "../incentive/schema.ts";
export * from "../invite/schema.ts";
export * from "../job/schema.ts";
export * from "../job-category/schema.ts";
export * from "../live/schema.ts";
export * from "../network/schema.ts";
export * from "../node/schema.ts";
export * from "../notification/schema.ts";
export * from "../openapi/schema.ts";
export * from "../operator/schema.ts";
export * from "../passkey/schema.ts";
export * from "../review-evidence/schema.ts";
export * from "../rpcurl/schema.ts";
export * from "../safe/schema.ts";
export * from "../setting/schema.ts";
export * from "../stake/schema.ts";
export * from "../stake-request/schema.ts";
export * from "../ticket/schema.ts";
export * from "../unchecked/schema.ts";
export * from "../upload/schema.ts";
export * from "../validator/schema.ts";
export * from "../webhook/schema.ts";
