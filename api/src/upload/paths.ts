/** Where images are uploaded and served (no zod here: the web's first screens import it). */
export const UPLOAD_PATHS = { upload: "/upload", staticFiles: "/static" } as const;
