import { IMAGE_TYPES, LIMITS } from "../public-contract/domain.ts";
import { MESSAGES } from "../public-contract/index.ts";
import { validationError } from "../shared/errors.ts";

export type ImageType = keyof typeof IMAGE_TYPES;

const SIGNATURES: [ImageType, number[]][] = [
  ["image/png", [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]],
  ["image/jpeg", [0xff, 0xd8, 0xff]],
];

const SHARP_FORMAT = { "image/png": "png", "image/jpeg": "jpeg" } as const satisfies Record<ImageType, string>;

/**
 * sharp with its native image library, loaded at the first upload: it is about a tenth of an idle API's
 * memory, and only uploads use it.
 */
const loadSharp = async () => (await import("sharp")).default;

/** The image type told by the file's first bytes (never by its name), or null. */
export function sniffImageType(bytes: Uint8Array): ImageType | null {
  for (const [type, signature] of SIGNATURES) {
    if (signature.every((byte, i) => bytes[i] === byte)) return type;
  }
  return null;
}

/**
 * The image decoded in full and encoded again in its own format: anything that is not a whole,
 * valid PNG or JPEG within the size limits is refused with a field error, and what is stored keeps
 * only the pixels (no metadata, no trailing bytes), turned upright by its orientation tag.
 */
export async function reencodeImage(bytes: Uint8Array, type: ImageType): Promise<Buffer> {
  const sharp = await loadSharp();
  const maxPixels = LIMITS.imageMaxSide * LIMITS.imageMaxSide;
  const input = () => sharp(bytes, { failOn: "warning", limitInputPixels: maxPixels });
  const metadata = await input()
    .metadata()
    .catch(() => null);
  if (!metadata || metadata.format !== SHARP_FORMAT[type]) throw validationError({ file: MESSAGES.imageUnreadable });
  if ((metadata.width ?? 0) > LIMITS.imageMaxSide || (metadata.height ?? 0) > LIMITS.imageMaxSide)
    throw validationError({ file: MESSAGES.imageTooWide });
  const image = input().rotate();
  const encoded = type === "image/png" ? image.png() : image.jpeg({ quality: 90 });
  return encoded.toBuffer().catch(() => {
    throw validationError({ file: MESSAGES.imageUnreadable });
  });
}

/** Names the server gives stored files; anything else is not served. */
export const STORED_NAME = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(png|jpg)$/;
