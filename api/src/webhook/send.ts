import { request as httpRequest, type RequestOptions } from "node:http";
import { request as httpsRequest } from "node:https";
import type { LookupAddress } from "node:dns";
import { isIP } from "node:net";
import { reachableAddresses, type WebhookReach } from "./guard.ts";
import { WEBHOOK_LIMITS } from "./rules.ts";

export interface OutgoingRequest {
  url: string;
  headers: Record<string, string>;
  body: string;
}

/** An attempt's result: the receiver's HTTP status, or the error that kept it from answering. */
export type SendResult = { status: number; error?: undefined } | { status?: undefined; error: string };

/**
 * Posts `req` once. The connection goes to the addresses the guard accepted (the name is not resolved a second time,
 * so DNS cannot change between the check and the connection), redirects are not followed (a redirect could point
 * inward), and the answer's body is discarded.
 */
export async function postOnce(req: OutgoingRequest, reach: WebhookReach): Promise<SendResult> {
  let addresses: LookupAddress[];
  try {
    addresses = await reachableAddresses(req.url, reach);
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  }
  const url = new URL(req.url);
  const pinned: RequestOptions["lookup"] = (_host, options, callback) => {
    if ((options as { all?: boolean }).all) (callback as (e: null, a: LookupAddress[]) => void)(null, addresses);
    else callback(null, addresses[0]!.address, addresses[0]!.family);
  };
  const send = url.protocol === "https:" ? httpsRequest : httpRequest;
  return new Promise((resolve) => {
    const outgoing = send(
      url,
      {
        method: "POST",
        headers: { ...req.headers, "content-length": Buffer.byteLength(req.body) },
        ...(isIP(url.hostname.replace(/^\[|\]$/g, "")) ? {} : { lookup: pinned }),
        timeout: WEBHOOK_LIMITS.timeoutMs,
      },
      (answer) => {
        answer.resume();
        answer.on("end", () => resolve({ status: answer.statusCode ?? 0 }));
        answer.on("error", (error) => resolve({ error: error.message }));
      },
    );
    outgoing.on("timeout", () => outgoing.destroy(new Error(`no answer within ${WEBHOOK_LIMITS.timeoutMs} ms`)));
    outgoing.on("error", (error) => resolve({ error: error.message }));
    outgoing.end(req.body);
  });
}
