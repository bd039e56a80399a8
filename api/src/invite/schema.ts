import { z } from "zod";
import { idSchema } from "../shared/schema.ts";
import { featureContract } from "../public-contract/feature.ts";

export const INVITE_PATHS = {
  root: "/api/invite",
  delete: "/api/invite/delete",
  import: "/api/invite/import",
} as const;

export const INVITE_MESSAGES = {
  inviteAdded: "Invite Added Successfully",
  inviteRemoved: "Invite Removed Successfully",
  inviteExists: "This email is already invited",
  invitesImported: "Invites Imported Successfully",
  inviteRemoveConfirm: "Nodes of this email lose the bounty flag. Type yes to remove the invite.",
} as const;

export const inviteSchema = z.object({
  email: z.email({ error: "Enter a valid email" }).trim().toLowerCase().max(254, "Email is too long"),
});
export const inviteDeleteSchema = z.object({ id: idSchema });

export const inviteResponseSchema = z.object({ _id: z.string(), email: z.string(), createdAt: z.string() });
export type InviteResponse = z.infer<typeof inviteResponseSchema>;
export const inviteSavedSchema = z.object({ message: z.string(), data: inviteResponseSchema });
/** An import's answer: emails newly invited, and those already on the list (kept as they were). */
export const inviteImportedSchema = z.object({
  message: z.string(),
  added: z.number().int(),
  alreadyInvited: z.number().int(),
});

/** What this feature adds to the public contract (gathered by public-contract/index.ts). */
export const INVITE_CONTRACT = featureContract({ invite: INVITE_PATHS }, INVITE_MESSAGES);
