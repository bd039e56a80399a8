import { z } from "zod";
import { LIMITS } from "../public-contract/domain.ts";
import { featureContract } from "../public-contract/feature.ts";
import { UPLOAD_PATHS } from "./paths.ts";

export { UPLOAD_PATHS } from "./paths.ts";

export const UPLOAD_MESSAGES = {
  imageUploaded: "Image Uploaded Successfully",
  /** The spec's wording for the site logo's upload, with its two spaces. */
  fileUploaded: "File  Uploaded Successfully",
  fileRequired: "Choose a .png, .jpg or .jpeg image",
  fileType: "Only .png, .jpg and .jpeg images are accepted",
  fileTooLarge: `The image must be at most ${LIMITS.uploadMaxBytes / 1024 / 1024} MB`,
  imageUnreadable: "The image cannot be read: upload a complete .png, .jpg or .jpeg file",
  imageTooWide: `The image must be at most ${LIMITS.imageMaxSide} × ${LIMITS.imageMaxSide} pixels`,
  uploadsTooMany: `You can upload at most ${LIMITS.uploadsPerHour} images an hour: try again later`,
  uploadQuotaFull: `Your account has reached its upload limit (${LIMITS.uploadQuotaBytes / 1024 / 1024} MB or ${LIMITS.uploadQuotaFiles} images in all): no more images can be stored for it`,
} as const;

export const uploadFormSchema = z.object({ file: z.any().optional(), filename: z.string().max(1000).optional() });
export const uploadResponseSchema = z.object({ file: z.string(), message: z.string() });
export const staticParamsSchema = z.object({ file: z.string().max(100) });

/** What this feature adds to the public contract (gathered by public-contract/index.ts). */
export const UPLOAD_CONTRACT = featureContract(
  { upload: UPLOAD_PATHS.upload, staticFiles: UPLOAD_PATHS.staticFiles },
  UPLOAD_MESSAGES,
);
