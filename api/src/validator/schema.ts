import { z } from "zod";
import { addressField } from "../node/schema.ts";
import { featureContract } from "../public-contract/feature.ts";
import { USER_ROLE } from "../public-contract/domain.ts";
import { pagedSchema } from "../shared/schema.ts";

export const VALIDATOR_PATHS = {
  root: "/api/validator",
  role: "/api/validator/role",
  delete: "/api/validator/delete",
  import: "/api/validator/import",
  export: "/api/validator/export",
} as const;

/** The file name of the directory's CSV export (its columns are the import's, so an export imports back). */
export const VALIDATOR_EXPORT_FILE = "validators.csv";

export const VALIDATOR_MESSAGES = {
  validatorAdded: "Validator Added Successfully",
  validatorRoleChanged: "Role Changed Successfully",
  validatorRemoved: "Validator Removed Successfully",
  validatorsImported: "Validators Imported Successfully",
  validatorExists: "This wallet is already in the directory",
  validatorUnknownRole: "Role must be Validator or Standby",
  validatorRemoveConfirm:
    "The wallet will no longer sign in, and the operator's open sessions end at once. Type yes to remove it.",
  validatorDirectoryExternal:
    "The validator directory is managed by the external validator-check service: change it there",
} as const;

const ROLES = [USER_ROLE.validator, USER_ROLE.standby] as const;

/** A role as a file may spell it ("standby", " Validator "), in the domain's spelling. */
const roleField = z.preprocess(
  (value) =>
    typeof value === "string"
      ? (ROLES.find((role) => role.toLowerCase() === value.trim().toLowerCase()) ?? value)
      : value,
  z.enum(ROLES, { error: VALIDATOR_MESSAGES.validatorUnknownRole }),
);

/** An optional email: empty (a blank CSV cell, or a validator-check answer's "" or null) is none. */
export const optionalEmail = z.preprocess(
  (value) => (value === null || (typeof value === "string" && value.trim() === "") ? undefined : value),
  z.email({ error: "Enter a valid email" }).trim().toLowerCase().max(254, "Email is too long").optional(),
);

/** One wallet of the directory: `xdc…` is accepted and stored as lowercase `0x…`. */
export const validatorEntrySchema = z.object({
  walletAddress: addressField("Wallet address"),
  email: optionalEmail,
  userRole: roleField,
});
export type ValidatorEntry = z.infer<typeof validatorEntrySchema>;

export const validatorRoleSchema = z.object({ walletAddress: addressField("Wallet address"), userRole: roleField });
export const validatorDeleteSchema = z.object({ walletAddress: addressField("Wallet address") });

export const validatorResponseSchema = z.object({
  walletAddress: z.string(),
  email: z.string().nullable(),
  userRole: z.enum(ROLES),
  createdAt: z.string(),
});
export type ValidatorResponse = z.infer<typeof validatorResponseSchema>;

/** A page of the directory, and whether it is read-only here (an external validator-check service decides). */
export const validatorPageSchema = pagedSchema(validatorResponseSchema).extend({ managedExternally: z.boolean() });

export const validatorSavedSchema = z.object({ message: z.string(), data: validatorResponseSchema });
export const validatorImportedSchema = z.object({
  message: z.string(),
  added: z.number().int(),
  updated: z.number().int(),
});

/** What this feature adds to the public contract (gathered by public-contract/index.ts). */
export const VALIDATOR_CONTRACT = featureContract({ validator: VALIDATOR_PATHS }, VALIDATOR_MESSAGES);
