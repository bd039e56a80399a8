import { BaseError, UserRejectedRequestError } from "viem";

/** EIP-1193's "user rejected the request". */
const REJECTED_CODE = 4001;

const rejects = (error: unknown) =>
  error instanceof UserRejectedRequestError || (error as { code?: unknown } | null)?.code === REJECTED_CODE;

/**
 * Whether the person declined in their wallet (a signature or a transaction), however the library or
 * the wallet wrapped it. Its own module: the sign-in page needs this without the ABI decoding of tx-failure.
 */
export function isWalletRejection(error: unknown): boolean {
  if (error instanceof BaseError) return Boolean(error.walk(rejects));
  return rejects(error) || (error instanceof Error && /user (rejected|denied)/i.test(error.message));
}
