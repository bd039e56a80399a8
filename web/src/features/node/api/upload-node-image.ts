import { useMutation } from "@tanstack/react-query";
import { ok, uploads } from "@/shared/api/http";

/** Uploads the node's image; answers the stored file name (served from /static/{file}). */
export const uploadNodeImage = (file: File) => ok(uploads.$post({ form: { file, filename: file.name } }));

export const useUploadNodeImage = () => useMutation({ mutationFn: uploadNodeImage });
