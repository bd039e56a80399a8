import { z } from "zod";

export const UPLOAD_PATHS = { upload: "/upload", staticFiles: "/static" } as const;

export const UPLOAD_MESSAGES = {
  imageUploaded: "Image Uploaded Successfully",
  fileRequired: "Choose a .png, .jpg or .jpeg image",
  fileType: "Only .png, .jpg and .jpeg images are accepted",
  fileTooLarge: "The image must be at most 2 MB",
} as const;

export const uploadFormSchema = z.object({ file: z.any().optional(), filename: z.string().max(1000).optional() });
export const uploadResponseSchema = z.object({ file: z.string(), message: z.string() });
export const staticParamsSchema = z.object({ file: z.string().max(100) });
