import { createServer } from "node:http";
import { freePort } from "../scripts/lib/ports.ts";
import { waitFor } from "../scripts/lib/wait.ts";

export interface ReceivedRequest {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/**
 * A local HTTP receiver for webhook tests (node:http on a free port of 127.0.0.1): it keeps every request and answers
 * each with the status `answer` gives (200 unless changed), for the API's tests and the browser tests alike.
 */
export async function startWebhookReceiver() {
  const received: ReceivedRequest[] = [];
  let answer: (request: ReceivedRequest) => number = () => 200;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const request = { path: req.url ?? "", headers: req.headers, body: Buffer.concat(chunks).toString("utf8") };
      received.push(request);
      res.statusCode = answer(request);
      res.end("{}");
    });
  });
  const port = await freePort();
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    /** Sets the status of the answers to come. */
    answerWith(status: (request: ReceivedRequest) => number) {
      answer = status;
    },
    /** The first request whose path starts with `path`, waiting for it to arrive. */
    requestTo: (path: string, timeoutMs = 20_000) =>
      waitFor(`a webhook request to ${path}`, () => received.find((request) => request.path.startsWith(path)), {
        timeoutMs,
        intervalMs: 50,
      }),
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type WebhookReceiver = Awaited<ReturnType<typeof startWebhookReceiver>>;
