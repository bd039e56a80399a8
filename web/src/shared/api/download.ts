import { MESSAGES } from "@pli/api/public-contract";
import { HttpError } from "./http";

interface FileResponse {
  ok: boolean;
  status: number;
  headers: Headers;
  blob(): Promise<Blob>;
  text(): Promise<string>;
}

const fileNameOf = (headers: Headers) => /filename="([^"]+)"/.exec(headers.get("content-disposition") ?? "")?.[1];

/**
 * Saves a file the API streams (a CSV export) under the name the API gives it, or `fallbackName`.
 * A refused call throws HttpError with the server's message, as `ok` does for JSON answers.
 */
export async function downloadFile(request: Promise<FileResponse>, fallbackName: string): Promise<void> {
  const response = await request.catch(() => {
    throw new HttpError(0, MESSAGES.errorTryAgain);
  });
  if (!response.ok) {
    const body = await response.text().catch(() => "");
    let error: string = MESSAGES.errorTryAgain;
    try {
      error = (JSON.parse(body) as { error?: string }).error ?? error;
    } catch {
      error = MESSAGES.errorTryAgain;
    }
    throw new HttpError(response.status, error);
  }
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement("a");
  link.href = url;
  link.download = fileNameOf(response.headers) ?? fallbackName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
