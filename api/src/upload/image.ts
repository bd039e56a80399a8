import { IMAGE_TYPES } from "../contract/domain.ts";

type ImageType = keyof typeof IMAGE_TYPES;

const SIGNATURES: [ImageType, number[]][] = [
  ["image/png", [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]],
  ["image/jpeg", [0xff, 0xd8, 0xff]],
];

/** The image type told by the file's first bytes (never by its name), or null. */
export function sniffImageType(bytes: Uint8Array): ImageType | null {
  for (const [type, signature] of SIGNATURES) {
    if (signature.every((byte, i) => bytes[i] === byte)) return type;
  }
  return null;
}

/** Names the server gives stored files; anything else is not served. */
export const STORED_NAME = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(png|jpg)$/;
