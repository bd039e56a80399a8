import { request as httpRequest, type RequestOptions } from "node:http";
import { request as httpsRequest } from "node:https";
import type { LookupAddress } from "node:dns";
import { isIP } from "node:net";
import { reachableAddresses, UnreachableTarget, type WebhookReach } from "./guard.ts";
import { WEBHOOK_LIMITS } from "./rules.ts";

export interface OutgoingRequest {
  url: string;
  headers: Record<string, string>;
  body: string;
}

/**
 * An attempt's result: the receiver's HTTP status, or the error that kept it from answering (shown in the delivery
 * log) with, when the log alone may hold more, its `detail` (what the host resolved to in production).
 */
export type SendResult =
  { status: number; error?: undefined; detail?: undefined } | { status?: undefined; error: string; detail?: string };

/** How long an attempt may take in all and how much of the answer it reads (WEBHOOK_LIMITS by default). */
export interface AttemptLimits {
  deadlineMs: number;
  answerBytes: number;
}

/**
 * Posts `req` once, within `limits.deadlineMs` in all (resolving the host, connecting, sending, reading the answer):
 * past it the attempt ends as an error, however the receiver trickles. The connection goes to the addresses the guard
 * accepted (the name is not resolved a second time, so DNS cannot change between the check and the connection),
 * redirects are not followed (a redirect could point inward), and at most `limits.answerBytes` of the answer's body are
 * read: a longer answer is cut there and counts by its status.
 */
export async function postOnce(
  req: OutgoingRequest,
  reach: WebhookReach,
  limits: AttemptLimits = { deadlineMs: WEBHOOK_LIMITS.attemptDeadlineMs, answerBytes: WEBHOOK_LIMITS.answerBytes },
): Promise<SendResult> {
  const signal = AbortSignal.timeout(limits.deadlineMs);
  const late: SendResult = { error: `no complete answer within ${limits.deadlineMs} ms` };
  let addresses: LookupAddress[];
  try {
    addresses = await reachableAddresses(req.url, reach, signal);
  } catch (error) {
    if (signal.aborted) return late;
    if (error instanceof UnreachableTarget) return { error: error.shown, detail: error.message };
    return { error: error instanceof Error ? error.message : String(error) };
  }
  const url = new URL(req.url);
  const pinned: RequestOptions["lookup"] = (_host, options, callback) => {
    if ((options as { all?: boolean }).all) (callback as (e: null, a: LookupAddress[]) => void)(null, addresses);
    else callback(null, addresses[0]!.address, addresses[0]!.family);
  };
  const send = url.protocol === "https:" ? httpsRequest : httpRequest;
  return new Promise((resolve) => {
    let settled = false;
    const settle = (result: SendResult) => {
      if (settled) return;
      settled = true;
      signal.removeEventListener("abort", onLate);
      outgoing.destroy();
      resolve(result);
    };
    const onLate = () => settle(late);
    const outgoing = send(
      url,
      {
        method: "POST",
        headers: { ...req.headers, "content-length": Buffer.byteLength(req.body) },
        ...(isIP(url.hostname.replace(/^\[|\]$/g, "")) ? {} : { lookup: pinned }),
      },
      (answer) => {
        const status = answer.statusCode ?? 0;
        let read = 0;
        answer.on("data", (chunk: Buffer) => {
          read += chunk.length;
          if (read >= limits.answerBytes) settle({ status });
        });
        answer.on("end", () => settle({ status }));
        answer.on("error", (error) => settle({ error: error.message }));
        answer.on("close", () => settle(answer.complete ? { status } : { error: "the answer was cut off" }));
      },
    );
    if (signal.aborted) return onLate();
    signal.addEventListener("abort", onLate, { once: true });
    outgoing.on("error", (error) => settle({ error: error.message }));
    outgoing.end(req.body);
  });
}
