import { z, type ZodType } from "zod";
import {
  API,
  adminLoginSchema,
  deleteByIdSchema,
  listQuerySchema,
  passwordUpdateSchema,
  resendOtpSchema,
  rpcUrlEditSchema,
  rpcUrlSchema,
  settingUpdateSchema,
  siweRequestSchema,
  totpCodeSchema,
  userLoginSchema,
  verifyOtpSchema,
} from "../contract/index.ts";

type Access = "public" | "user" | "admin" | "signed-in";

interface Operation {
  method: "get" | "post";
  path: string;
  summary: string;
  access: Access;
  body?: ZodType;
  query?: ZodType;
  multipart?: boolean;
}

/** Every route of the API, with the zod schema that validates its input. */
export const OPERATIONS: Operation[] = [
  { method: "get", path: API.health, summary: "Database, chain head, indexed block and lag", access: "public" },
  { method: "get", path: API.config, summary: "Chain id, RPC URL and contract addresses for the web app", access: "public" },
  { method: "post", path: API.user.siwe, summary: "A one-time Sign-In With Ethereum message for a wallet", access: "public", body: siweRequestSchema },
  { method: "post", path: API.user.login, summary: "Operator sign-in with the signed message (and TOTP code when 2FA is on)", access: "public", body: userLoginSchema },
  { method: "get", path: API.user.root, summary: "The signed-in operator; for an admin, the paged operator list", access: "signed-in", query: listQuerySchema },
  { method: "post", path: API.user.twofaSetup, summary: "Start 2FA enrolment: secret and otpauth URI", access: "user" },
  { method: "post", path: API.user.twofaEnable, summary: "Turn 2FA on with a code from the new secret", access: "user", body: totpCodeSchema },
  { method: "post", path: API.user.twofaDisable, summary: "Turn 2FA off with a current code", access: "user", body: totpCodeSchema },
  { method: "post", path: API.admin.login, summary: "Admin email and password; emails a 6-digit code", access: "public", body: adminLoginSchema },
  { method: "post", path: API.admin.verifyOtp, summary: "Admin sign-in code check; answers the session token", access: "public", body: verifyOtpSchema },
  { method: "post", path: API.admin.resendOtp, summary: "Send a new sign-in code", access: "public", body: resendOtpSchema },
  { method: "post", path: API.admin.update, summary: "Change the signed-in admin's password", access: "admin", body: passwordUpdateSchema },
  { method: "get", path: API.setting, summary: "Public site settings", access: "public" },
  { method: "post", path: API.setting, summary: "Update site settings", access: "admin", body: settingUpdateSchema },
  { method: "post", path: API.upload, summary: "Upload a .png/.jpg/.jpeg image (at most 2 MB)", access: "signed-in", multipart: true },
  { method: "get", path: `${API.staticFiles}/{file}`, summary: "An uploaded image", access: "public" },
  { method: "get", path: API.rpcurl.root, summary: "RPC URLs: an operator's own, or all for an admin", access: "signed-in", query: listQuerySchema },
  { method: "post", path: API.rpcurl.root, summary: "Add an RPC URL", access: "signed-in", body: rpcUrlSchema },
  { method: "post", path: API.rpcurl.edit, summary: "Edit an RPC URL (owner or admin)", access: "signed-in", body: rpcUrlEditSchema },
  { method: "post", path: API.rpcurl.delete, summary: "Delete an RPC URL (owner or admin)", access: "signed-in", body: deleteByIdSchema },
];

const jsonSchema = (schema: ZodType) => z.toJSONSchema(schema, { io: "input", unrepresentable: "any" });

const errorResponses = {
  "400": { description: "Invalid input: `{error, errors: {field: message}}`" },
  "401": { description: "No or expired session" },
  "403": { description: "Wrong role" },
  "404": { description: "Not found (or not yours)" },
  "429": { description: "Rate limited" },
  "500": { description: "Unexpected failure: `{error, id}`" },
};

export function openApiDocument() {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const op of OPERATIONS) {
    const parameters = op.query
      ? Object.entries((jsonSchema(op.query) as { properties?: Record<string, unknown> }).properties ?? {}).map(([name, schema]) => ({ name, in: "query", schema }))
      : undefined;
    const requestBody = op.body
      ? { required: true, content: { "application/json": { schema: jsonSchema(op.body) } } }
      : op.multipart
        ? { required: true, content: { "multipart/form-data": { schema: { type: "object", properties: { file: { type: "string", format: "binary" }, filename: { type: "string" } } } } } }
        : undefined;
    paths[op.path] ??= {};
    paths[op.path]![op.method] = {
      summary: op.summary,
      "x-access": op.access,
      ...(op.access === "public" ? {} : { security: [{ bearer: [] }] }),
      ...(parameters ? { parameters } : {}),
      ...(requestBody ? { requestBody } : {}),
      responses: { "200": { description: "OK" }, ...errorResponses },
    };
  }
  return {
    openapi: "3.1.0",
    info: { title: "PLI validator portal API", version: "1.0.0" },
    components: { securitySchemes: { bearer: { type: "http", scheme: "bearer", bearerFormat: "JWT" } } },
    paths,
  };
}
