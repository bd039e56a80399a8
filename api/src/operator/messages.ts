/** The operator feature's messages (no zod here: the connect page imports them). */
export const OPERATOR_MESSAGES = {
  notValidator: "Not a Validator!",
  otpRequired: "Enter the 6-digit code from your authenticator app",
  invalidTotp: "The authenticator code is not valid",
  twofaEnabled: "2FA Enabled Successfully",
  twofaDisabled: "2FA Disabled Successfully",
  validatorCheckUnavailable: "The validator check is unavailable: try again later",
  twofaRequired: "Enable 2FA in your profile to continue",
  accountDisabled: "This account has been disabled: contact support",
  signedOut: "Signed out",
  operatorDisabled: "Operator disabled: their sessions have ended",
  operatorEnabled: "Operator enabled",
} as const;
