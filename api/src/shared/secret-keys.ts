/**
 * Keys whose values never leave the process in a record or a log line, at any depth: password hashes, TOTP secrets,
 * tokens, passkey public keys and credential material, sign-in codes, SIWE signatures.
 */
export const SECRET_KEY =
  /password|secret|token|nonce|^otp$|totp|^code$|code_?hash|public_?key|credential|attestation|challenge|signature/i;
