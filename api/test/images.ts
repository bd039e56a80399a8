/** A real 1x1 PNG and the start of a JPEG, for upload tests. */
export const PNG_1X1 = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
  "base64",
);
export const JPEG_HEADER = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01]);

export function imageForm(bytes: Uint8Array, filename: string, type = "image/png"): FormData {
  const form = new FormData();
  form.append("file", new File([new Uint8Array(bytes)], filename, { type }));
  form.append("filename", filename);
  return form;
}
