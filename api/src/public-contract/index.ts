/**
 * The API's public contract, imported by the web app as @pli/api/public-contract: each feature owns its
 * schemas, paths and messages in its own `schema.ts`; this barrel only gathers them.
 */
import { ADMIN_MESSAGES, ADMIN_PATHS } from "../admin/schema.ts";
import { ALERT_MESSAGES, ALERT_PATHS } from "../alert/schema.ts";
import { CHAIN_CONFIG_PATH } from "../chain-config/schema.ts";
import { DASHBOARD_PATHS } from "../dashboard/schema.ts";
import { HEALTH_PATH } from "../health/schema.ts";
import { INCENTIVE_MESSAGES, INCENTIVE_PATHS } from "../incentive/schema.ts";
import { INVITE_MESSAGES, INVITE_PATHS } from "../invite/schema.ts";
import { JOB_MESSAGES, JOB_PATHS } from "../job/schema.ts";
import { JOB_CATEGORY_MESSAGES, JOB_CATEGORY_PATHS } from "../job-category/schema.ts";
import { LIVE_PATHS } from "../live/schema.ts";
import { NODE_MESSAGES, NODE_PATHS } from "../node/schema.ts";
import { PASSKEY_MESSAGES, PASSKEY_PATHS } from "../passkey/schema.ts";
import { STAKE_REQUEST_MESSAGES, STAKE_REQUEST_PATHS } from "../stake-request/schema.ts";
import { RPC_MESSAGES, RPC_PATHS } from "../rpcurl/schema.ts";
import { SETTING_MESSAGES, SETTING_PATH, SETTING_STAKE_LIMITS_PATH } from "../setting/schema.ts";
import { STAKE_MESSAGES, STAKE_PATHS } from "../stake/schema.ts";
import { TICKET_MESSAGES, TICKET_PATHS } from "../ticket/schema.ts";
import { UNCHECKED_MESSAGES, UNCHECKED_PATHS } from "../unchecked/schema.ts";
import { UPLOAD_MESSAGES, UPLOAD_PATHS } from "../upload/schema.ts";
import { OPENAPI_PATHS } from "../openapi/schema.ts";
import { OPERATOR_MESSAGES, OPERATOR_PATHS } from "../operator/schema.ts";
import { COMMON_MESSAGES } from "./messages.ts";

export * from "./domain.ts";
export * from "../shared/schema.ts";
export * from "../admin/schema.ts";
export * from "../alert/rules.ts";
export * from "../alert/schema.ts";
export * from "../chain-config/schema.ts";
export * from "../dashboard/schema.ts";
export * from "../health/schema.ts";
export * from "../incentive/rules.ts";
export * from "../incentive/schema.ts";
export * from "../invite/schema.ts";
export * from "../job/rules.ts";
export * from "../job/schema.ts";
export * from "../job-category/schema.ts";
export * from "../live/schema.ts";
export * from "../node/rules.ts";
export * from "../node/schema.ts";
export * from "../passkey/schema.ts";
export * from "../passkey/webauthn-json.ts";
export * from "../stake-request/rules.ts";
export * from "../stake-request/schema.ts";
export * from "../rpcurl/schema.ts";
export * from "../setting/schema.ts";
export * from "../stake/rules.ts";
export * from "../stake/schema.ts";
export * from "../ticket/rules.ts";
export * from "../ticket/schema.ts";
export * from "../unchecked/schema.ts";
export * from "../upload/schema.ts";
export * from "../operator/schema.ts";

/** Every path of the API (spec section 7). */
export const API = {
  health: HEALTH_PATH,
  config: CHAIN_CONFIG_PATH,
  openapi: OPENAPI_PATHS.document,
  docs: OPENAPI_PATHS.docs,
  operator: OPERATOR_PATHS,
  admin: ADMIN_PATHS,
  passkey: PASSKEY_PATHS,
  setting: SETTING_PATH,
  settingStakeLimits: SETTING_STAKE_LIMITS_PATH,
  upload: UPLOAD_PATHS.upload,
  staticFiles: UPLOAD_PATHS.staticFiles,
  rpcurl: RPC_PATHS,
  node: NODE_PATHS,
  invite: INVITE_PATHS,
  job: JOB_PATHS,
  jobCategory: JOB_CATEGORY_PATHS,
  stakeRequest: STAKE_REQUEST_PATHS,
  stake: STAKE_PATHS,
  incentive: INCENTIVE_PATHS,
  dashboard: DASHBOARD_PATHS,
  alert: ALERT_PATHS,
  ticket: TICKET_PATHS,
  live: LIVE_PATHS.events,
  unchecked: UNCHECKED_PATHS.root,
} as const;

/** Every message the product shows or answers with. */
export const MESSAGES = { ...COMMON_MESSAGES, ...OPERATOR_MESSAGES, ...ADMIN_MESSAGES, ...PASSKEY_MESSAGES, ...SETTING_MESSAGES, ...UPLOAD_MESSAGES, ...RPC_MESSAGES, ...NODE_MESSAGES, ...INVITE_MESSAGES, ...JOB_MESSAGES, ...JOB_CATEGORY_MESSAGES, ...STAKE_REQUEST_MESSAGES, ...STAKE_MESSAGES, ...INCENTIVE_MESSAGES, ...ALERT_MESSAGES, ...TICKET_MESSAGES, ...UNCHECKED_MESSAGES } as const;
