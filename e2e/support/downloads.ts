import { text } from "node:stream/consumers";
import type { Download } from "playwright-core";

/** A downloaded file's text, streamed from the browser (the run's browser is remote: it keeps no local path). */
export async function downloadedText(download: Download | Promise<Download>): Promise<string> {
  return text(await (await download).createReadStream());
}
