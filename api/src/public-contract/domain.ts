/** Business constants and value lists shared by the API and the web app (spec sections 3, 5, 9). */

/** PLI's decimals (the token's): one PLI is 10^18 wei. The one place the portal states it. */
export const PLI_DECIMALS = 18;

export const USER_TYPE = { user: "user", admin: "admin" } as const;
export type UserType = (typeof USER_TYPE)[keyof typeof USER_TYPE];

export const USER_ROLE = { validator: "Validator", standby: "Standby" } as const;
export type UserRole = (typeof USER_ROLE)[keyof typeof USER_ROLE];

export const TWOFA = { yes: "Yes", no: "No" } as const;

export const PROVIDERS = ["AWS", "GCP", "Azure", "Vultr", "Contabo", "Others"] as const;
export type ProviderOption = (typeof PROVIDERS)[number];
export const OTHER_PROVIDER: ProviderOption = "Others";

/** The networks a job may run on (spec 3, Network options for jobs). */
export const JOB_NETWORKS = [
  "XDC Apothem",
  "XDC Mainnet",
  "Polygon Mainnet",
  "Polygon Mumbai",
  "Polygon Amoy",
] as const;
export type JobNetwork = (typeof JOB_NETWORKS)[number];

export const LIMITS = {
  otpLength: 6,
  otpTtlMinutes: 10,
  otpMaxAttempts: 5,
  otpResendIntervalSeconds: 30,
  otpResendsPerHour: 5,
  siweNonceTtlMinutes: 10,
  passwordMinLength: 12,
  pageSize: 5,
  maxPageSize: 100,
  pagerButtons: 10,
  searchDebounceMs: 1000,
  uploadMaxBytes: 2 * 1024 * 1024,
  /** Images one account may upload an hour, and the most its stored images may take together (bytes and files). */
  uploadsPerHour: 20,
  uploadQuotaBytes: 20 * 1024 * 1024,
  uploadQuotaFiles: 100,
  /** Widest and tallest image accepted, in pixels. */
  imageMaxSide: 4096,
  maxNodesPerOperator: 2,
  /** RPC URL records one account keeps. */
  maxRpcUrlsPerOwner: 50,
  minRamGb: 16,
  minStorageGb: 400,
  balanceDecimals: 4,
} as const;

export const CONFIRM_WORD = "yes";

export const IMAGE_TYPES = {
  "image/png": "png",
  "image/jpeg": "jpg",
} as const;
export const IMAGE_ACCEPT = ".png,.jpg,.jpeg";

/** Every status value the product knows (spec section 4). */
export const NODE_STATUS = {
  pending: "Pending",
  verified: "Verified",
  return: "Return",
  approved: "Approved",
  active: "Active",
  deActive: "De-Active",
} as const;
export const JOB_STATUS = {
  pending: "Pending",
  approved: "Approved",
  rejected: "Rejected",
  active: "Active",
  standby: "Standby",
  inActive: "InActive",
  deActive: "De-Active",
} as const;
export const STAKE_REQUEST_STATUS = {
  pending: "Pending",
  approved: "Approved",
  rejected: "Rejected",
  verified: "Verified",
} as const;
/** Stake status is the chain's (indexed events): one list, owned by the ABI package. */
export { STAKE_STATUS, type StakeStatus } from "@pli/abis";
export const INCENTIVE_STATUS = { paid: "Paid", unPaid: "UnPaid" } as const;
/**
 * A support ticket: Open (waiting for support), Answered (support replied, waiting for the operator), Closed by an
 * admin.
 */
export const TICKET_STATUS = { open: "Open", answered: "Answered", closed: "Closed" } as const;
