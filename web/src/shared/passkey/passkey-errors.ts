import { MESSAGES } from "@pli/api/public-contract";
import { browserSupportsWebAuthn, WebAuthnError } from "@simplewebauthn/browser";
import { errorMessage, HttpError } from "../api/http";

const CANCELLED = new Set(["NotAllowedError", "AbortError"]);

/**
 * What to tell the person when a passkey ceremony fails: the server's message for a refused call,
 * otherwise the browser's reason (prompt closed or timed out, a portal on an IP address, a passkey
 * already registered, no WebAuthn at all).
 */
export function passkeyErrorMessage(error: unknown): string {
  if (error instanceof HttpError) return errorMessage(error);
  if (!browserSupportsWebAuthn()) return MESSAGES.passkeyUnsupported;
  if (error instanceof WebAuthnError) {
    if (error.code === "ERROR_INVALID_DOMAIN" || error.code === "ERROR_INVALID_RP_ID")
      return MESSAGES.passkeyNeedsDomain;
    if (error.code === "ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED") return MESSAGES.passkeyAlreadyRegistered;
    if (error.code === "ERROR_CEREMONY_ABORTED") return MESSAGES.passkeyCancelled;
  }
  const name = error instanceof Error ? error.name : "";
  const causeName = error instanceof Error && error.cause instanceof Error ? error.cause.name : "";
  if (CANCELLED.has(name) || CANCELLED.has(causeName)) return MESSAGES.passkeyCancelled;
  return MESSAGES.errorTryAgain;
}
