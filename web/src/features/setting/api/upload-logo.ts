import { useMutation } from "@tanstack/react-query";
import { ok, uploads } from "@/shared/api/http";

/** Uploads an image; answers the stored file name (served from /static/{file}). */
export const uploadLogo = (file: File) => ok(uploads.$post({ form: { file, filename: file.name } }));

export const useUploadLogo = () => useMutation({ mutationFn: uploadLogo });
