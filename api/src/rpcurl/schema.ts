import { z } from "zod";
import { PROVIDERS, USER_TYPE } from "../public-contract/domain.ts";
import { idSchema, text, urlWith } from "../shared/schema.ts";
import { featureContract } from "../public-contract/feature.ts";

export const RPC_PATHS = { root: "/api/rpcurl", edit: "/api/rpcurl/edit", delete: "/api/rpcurl/delete" } as const;

export const RPC_MESSAGES = {
  rpcAdded: "RPC Added Successfully",
  rpcEdited: "RPC URL Edited Successfully",
  rpcDeleted: "RpcUrl Deleted Successfully",
} as const;

export const rpcUrlSchema = z.object({
  name: text(100, "Name"),
  provider: z.enum(PROVIDERS, { error: `Provider must be one of ${PROVIDERS.join(", ")}` }),
  rpc: urlWith(["http:", "https:"], "RPC URL"),
  wss: urlWith(["ws:", "wss:"], "WSS URL"),
});
export const rpcUrlEditSchema = rpcUrlSchema.extend({ _id: idSchema });
export type RpcUrlInput = z.infer<typeof rpcUrlSchema>;

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
