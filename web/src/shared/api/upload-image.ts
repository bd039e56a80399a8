import { useMutation } from "@tanstack/react-query";
import { ok, uploads } from "./http";

/** Uploads an image (a node's image, the site logo); answers the stored file name (served from /static/{file}). */
export const uploadImage = (file: File) => ok(uploads.$post({ form: { file, filename: file.name } }));

export const useUploadImage = () => useMutation({ mutationFn: uploadImage });
