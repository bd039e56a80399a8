import { z } from "zod";
import { LIMITS, OTHER_PROVIDER, PROVIDERS, USER_TYPE } from "../public-contract/domain.ts";
import { COMMON_MESSAGES } from "../public-contract/messages.ts";
import { idSchema, text, urlWith } from "../shared/schema.ts";
import { featureContract } from "../public-contract/feature.ts";

export const RPC_PATHS = { root: "/api/rpcurl", edit: "/api/rpcurl/edit", delete: "/api/rpcurl/delete" } as const;

export const RPC_MESSAGES = {
  rpcAdded: "RPC Added Successfully",
  rpcEdited: "RPC URL Edited Successfully",
  rpcDeleted: "RpcUrl Deleted Successfully",
  rpcUrlLimit: `You can keep at most ${LIMITS.maxRpcUrlsPerOwner} RPC URLs: delete one you no longer use to add another`,
} as const;

/**
 * The provider is one of the list or, chosen as Others, the name typed beside it, which the spec submits as the
 * provider itself (spec section 3): so any provider name is kept as sent.
 */
export const rpcUrlSchema = z.object({
  name: text(100, "Name"),
  provider: text(100, "Provider"),
  rpc: urlWith(["http:", "https:"], "RPC URL"),
  wss: urlWith(["ws:", "wss:"], "WSS URL"),
});
export const rpcUrlEditSchema = rpcUrlSchema.extend({ _id: idSchema });
export type RpcUrlInput = z.infer<typeof rpcUrlSchema>;

/** The add and edit forms: a provider of the list, and for Others the provider's name. */
export const rpcUrlFormSchema = rpcUrlSchema
  .extend({
    provider: z.enum(PROVIDERS, { error: `Provider must be one of ${PROVIDERS.join(", ")}` }),
    otherProvider: z.string().trim().max(100, "Provider name is too long"),
  })
  .superRefine((value, ctx) => {
    if (value.provider === OTHER_PROVIDER && !value.otherProvider)
      ctx.addIssue({ code: "custom", path: ["otherProvider"], message: COMMON_MESSAGES.otherProviderRequired });
  });
export type RpcUrlFormValues = z.infer<typeof rpcUrlFormSchema>;

const isListedProvider = (provider: string): provider is (typeof PROVIDERS)[number] =>
  provider !== OTHER_PROVIDER && (PROVIDERS as readonly string[]).includes(provider);

/** The form's values for a saved record: a provider outside the list shows as Others with its name. */
export const rpcUrlFormValues = ({ provider, ...rest }: RpcUrlInput): RpcUrlFormValues =>
  isListedProvider(provider)
    ? { ...rest, provider, otherProvider: "" }
    : { ...rest, provider: OTHER_PROVIDER, otherProvider: provider === OTHER_PROVIDER ? "" : provider };

/** What the forms send: for Others, the provider's name as the provider. */
export const rpcUrlInputOf = ({ provider, otherProvider, ...rest }: RpcUrlFormValues): RpcUrlInput => ({
  ...rest,
  provider: provider === OTHER_PROVIDER ? otherProvider : provider,
});

export const rpcUrlResponseSchema = z.object({
  _id: z.string(),
  name: z.string(),
  provider: z.string(),
  rpc: z.string(),
  wss: z.string(),
  owner: z.object({ type: z.enum([USER_TYPE.user, USER_TYPE.admin]), id: z.string() }),
  createdAt: z.string(),
});
export type RpcUrlResponse = z.infer<typeof rpcUrlResponseSchema>;
export const rpcUrlSavedSchema = z.object({ message: z.string(), data: rpcUrlResponseSchema });

/** What this feature adds to the public contract (gathered by public-contract/index.ts). */
export const RPC_CONTRACT = featureContract({ rpcurl: RPC_PATHS }, RPC_MESSAGES);
