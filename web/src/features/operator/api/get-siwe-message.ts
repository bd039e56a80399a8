import type { Address } from "viem";
import { api, ok } from "@/shared/api/http";

/** The server's one-time Sign-In With Ethereum message for this wallet. */
export const getSiweMessage = (walletAddress: Address) => ok(api.user.siwe.$post({ json: { walletAddress } }));
