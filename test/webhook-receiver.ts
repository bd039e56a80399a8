import { createServer, type Server } from "node:http";
import { freePort } from "../scripts/lib/ports.ts";
import { waitFor } from "../scripts/lib/wait.ts";

export interface ReceivedRequest {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/**
 * Starts `server` on a free port of 127.0.0.1; `stop` closes every connection (a request still being answered ends at
 * once) and the server.
 */
async function listenLocally(server: Server): Promise<{ url: string; stop: () => Promise<void> }> {
  const port = await freePort();
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  return {
    url: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
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
  const { url, stop } = await listenLocally(server);
  return {
    url,
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
    stop,
  };
}

export type WebhookReceiver = Awaited<ReturnType<typeof startWebhookReceiver>>;

/** How a misbehaving receiver answers, once it has read a request: see startMisbehavingReceiver. */
export type Misbehaviour =
  /** 200, then one byte of the body every 2 s, never ending it. */
  | "trickle"
  /** 200, then body as fast as the client reads it, forever. */
  | "flood"
  /** 200 with an empty body, 200 ms after the request. */
  | "slow"
  /** 200, then 64 KiB of body at once, then nothing more, never ending it. */
  | "64KiBThenSilence";

/**
 * A local HTTP receiver (node:http on a free port of 127.0.0.1) that answers every request as `behaviour` says, for
 * the tests of what a webhook delivery does when a receiver holds it. It keeps the requests' bodies in order of
 * arrival (with when each arrived), how many are open at once at most, and how many the client closed.
 */
export async function startMisbehavingReceiver(behaviour: Misbehaviour) {
  const received: { body: string; at: number }[] = [];
  const state = { open: 0, mostOpen: 0, closed: 0 };
  const server = createServer((req, res) => {
    state.open++;
    state.mostOpen = Math.max(state.mostOpen, state.open);
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      received.push({ body: Buffer.concat(chunks).toString("utf8"), at: performance.now() });
      if (behaviour === "slow") {
        setTimeout(() => res.end(), 200);
        return;
      }
      res.writeHead(200, { "content-type": "application/json" });
      if (behaviour === "trickle") {
        res.write("[");
        const timer = setInterval(() => res.write(" "), 2_000);
        res.on("close", () => clearInterval(timer));
        return;
      }
      if (behaviour === "64KiBThenSilence") {
        res.write(Buffer.alloc(64 * 1024, 0x20));
        return;
      }
      const chunk = Buffer.alloc(16 * 1024, 0x20);
      const pump = () => {
        while (!res.destroyed && res.write(chunk));
      };
      res.on("drain", pump);
      pump();
    });
    res.on("close", () => {
      state.open--;
      if (!res.writableFinished) state.closed++;
    });
  });
  const { url, stop } = await listenLocally(server);
  return {
    url,
    received,
    state,
    /** Closes every connection (an attempt still reading ends at once) and the server. */
    stop,
  };
}

export type MisbehavingReceiver = Awaited<ReturnType<typeof startMisbehavingReceiver>>;
