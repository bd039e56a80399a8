import { Secret, TOTP } from "otpauth";

/** The code an authenticator app shows for `secret`, `stepsAhead` 30-second steps from now. */
export const totpCode = (secret: string, stepsAhead = 0) => new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: Date.now() + stepsAhead * 30_000 });
