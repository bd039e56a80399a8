import { LIMITS, MESSAGES } from "../public-contract/index.ts";
import { AppError } from "../shared/errors.ts";

/**
 * Refuses an image that would take the account's stored uploads over the quota (bytes or files),
 * with the field error on `file`.
 */
export function checkUploadQuota(usage: { bytes: number; files: number }, size: number): void {
  if (usage.files + 1 > LIMITS.uploadQuotaFiles || usage.bytes + size > LIMITS.uploadQuotaBytes) {
    throw new AppError("payloadTooLarge", MESSAGES.uploadQuotaFull, { file: MESSAGES.uploadQuotaFull });
  }
}
