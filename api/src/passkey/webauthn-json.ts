import { z } from "zod";

/**
 * The WebAuthn JSON shapes (W3C WebAuthn Level 3, the `toJSON()` forms @simplewebauthn/browser sends
 * and takes), as zod schemas: what a browser sends is checked at the edge, and what the server answers
 * types the web client.
 */

const BASE64URL = /^[A-Za-z0-9_-]+={0,2}$/;
const base64url = (max: number) =>
  z.string({ error: "Required" }).min(1, "Required").max(max, "Too long").regex(BASE64URL, "Must be base64url text");

/** Transports this API knows; anything else a browser reports is dropped, never refused. */
const KNOWN_TRANSPORTS = ["ble", "cable", "hybrid", "internal", "nfc", "smart-card", "usb"] as const;
export type Transport = (typeof KNOWN_TRANSPORTS)[number];
const isKnownTransport = (value: string): value is Transport => (KNOWN_TRANSPORTS as readonly string[]).includes(value);
const reportedTransports = z
  .array(z.string().max(32))
  .max(10)
  .transform((list) => list.filter(isKnownTransport));

/** A credential id: at most 1023 bytes by the specification, so at most 1364 base64url characters. */
const credentialId = base64url(1364);

const clientExtensionResults = z
  .object({
    appid: z.boolean().optional(),
    credProps: z.object({ rk: z.boolean().optional() }).optional(),
    hmacCreateSecret: z.boolean().optional(),
  })
  .default({});

/** What navigator.credentials.create() answered, as JSON. */
export const registrationResponseSchema = z.object({
  id: credentialId,
  rawId: credentialId,
  type: z.literal("public-key"),
  response: z.object({
    clientDataJSON: base64url(4096),
    attestationObject: base64url(64 * 1024),
    authenticatorData: base64url(64 * 1024).optional(),
    transports: reportedTransports.optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: base64url(8192).optional(),
  }),
  authenticatorAttachment: z.enum(["platform", "cross-platform"]).optional(),
  clientExtensionResults,
});

/** What navigator.credentials.get() answered, as JSON. */
export const authenticationResponseSchema = z.object({
  id: credentialId,
  rawId: credentialId,
  type: z.literal("public-key"),
  response: z.object({
    clientDataJSON: base64url(4096),
    authenticatorData: base64url(64 * 1024),
    signature: base64url(8192),
    userHandle: base64url(1024).optional(),
  }),
  authenticatorAttachment: z.enum(["platform", "cross-platform"]).optional(),
  clientExtensionResults,
});

const credentialDescriptor = z.object({ id: z.string(), type: z.string(), transports: z.array(z.string()).optional() });
const userVerification = z.enum(["required", "preferred", "discouraged"]);

/** Options for navigator.credentials.create() (PublicKeyCredentialCreationOptionsJSON). */
export const creationOptionsSchema = z.object({
  rp: z.object({ id: z.string().optional(), name: z.string() }),
  user: z.object({ id: z.string(), name: z.string(), displayName: z.string() }),
  challenge: z.string(),
  pubKeyCredParams: z.array(z.object({ alg: z.number().int(), type: z.literal("public-key") })),
  timeout: z.number().int().optional(),
  excludeCredentials: z.array(credentialDescriptor).optional(),
  authenticatorSelection: z
    .object({
      authenticatorAttachment: z.enum(["platform", "cross-platform"]).optional(),
      requireResidentKey: z.boolean().optional(),
      residentKey: z.enum(["discouraged", "preferred", "required"]).optional(),
      userVerification: userVerification.optional(),
    })
    .optional(),
  attestation: z.enum(["direct", "enterprise", "indirect", "none"]).optional(),
});

/** Options for navigator.credentials.get() (PublicKeyCredentialRequestOptionsJSON). */
export const requestOptionsSchema = z.object({
  challenge: z.string(),
  timeout: z.number().int().optional(),
  rpId: z.string().optional(),
  allowCredentials: z.array(credentialDescriptor).optional(),
  userVerification: userVerification.optional(),
});
