import { DATE_RANGE_MESSAGES } from "../shared/date-range-messages.ts";
import { IMPORT_MESSAGES } from "../shared/import-messages.ts";
import { MAX_JSON_DEPTH } from "../shared/json-depth.ts";

/** Messages of the product shell and of more than one feature (spec section 8); each feature owns its own. */
export const COMMON_MESSAGES = {
  checkAllFields: "Check all the fields",
  controlCharacters: "Control characters are not allowed",
  unpairedSurrogate: "The text is not valid Unicode (it holds half of a surrogate pair)",
  unreadableBody: "The request body cannot be read as its content type says",
  nestedTooDeep: `The request body nests arrays and objects more than ${MAX_JSON_DEPTH} levels deep`,
  enterOtp: "Enter the OTP",
  tooManyRequests: "Too many requests: try again later",
  unauthorized: "Sign in to continue",
  sessionExpired: "Your session has expired: sign in again",
  sessionEnded: "Your session has ended: sign in again",
  forbidden: "You are not allowed to do this",
  notFound: "Not found",
  changedMeanwhile: "The record changed while this was being saved: reload and try again",
  databaseUnavailable: "The portal cannot reach its database right now: try again in a moment",
  chainUnavailable: "The portal cannot reach the blockchain right now: try again in a moment",
  walletMismatchTitle: "Wallet Address Mismatch",
  walletMismatchText: "Your connected wallet address not matched with the login wallet address",
  enable2fa: "Enable 2FA in Your Profile",
  notVerifiedTitle: "You are not a verified user of the Validator Nodes Operator Portal",
  notVerifiedText: "The portal is accessible only to verified users. Check the wallet you have connected.",
  pleaseLogin: "Please Login",
  noAccounts: "No Accounts detected. You should login",
  incorrectValue: "Incorrect Value",
  loading: "Loading.....",
  noRecord: "No Record Found.....",
  errorTryAgain: "Error Occured Try Again",
  chainError: "Error Occured on Blockchain Transaction",
  chainTryAgain: "Try Again!!",
  otherProviderRequired: "Enter the provider's name",
  ...IMPORT_MESSAGES,
  ...DATE_RANGE_MESSAGES,
} as const;
