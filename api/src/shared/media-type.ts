/**
 * The media type of a Content-Type header as Hono's validators and body parser read it: the part before
 * any parameter, trimmed, in lower case. Every guard that decides how a body is read decides by this, so
 * a spelling the validators accept (`Application/JSON`, `application/merge+json`, `Multipart/Form-Data`)
 * is never one the guards pass over.
 */
export const mediaTypeOf = (contentType: string | undefined): string =>
  (contentType ?? "").split(";")[0]!.trim().toLowerCase();

/** JSON, with or without a structured-syntax suffix (`+json`), as Hono's JSON validator accepts it. */
export const isJsonMediaType = (mediaType: string): boolean => /^application\/([\w.-]+\+)?json$/.test(mediaType);

/** The form encodings Hono's form validator and `parseBody` read. */
export const isFormMediaType = (mediaType: string): boolean =>
  mediaType === "multipart/form-data" || mediaType === "application/x-www-form-urlencoded";
