import sharp from "sharp";

/** A real 1x1 PNG, for upload tests. */
export const PNG_1X1 = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
  "base64",
);

/** A real JPEG of `width` x `height` carrying EXIF metadata (camera make and a GPS-like comment). */
export const jpegWithMetadata = (width = 8, height = 6) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 40 } } })
    .jpeg()
    .withExif({ IFD0: { Make: "SecretCam", ImageDescription: "home at 51.5N 0.1W" } })
    .toBuffer();

/** A real PNG of `width` x `height`. */
export const pngOfSize = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: "#335" } })
    .png()
    .toBuffer();

export function imageForm(bytes: Uint8Array, filename: string, type = "image/png"): FormData {
  const form = new FormData();
  form.append("file", new File([new Uint8Array(bytes)], filename, { type }));
  form.append("filename", filename);
  return form;
}
