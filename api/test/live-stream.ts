import { API } from "../src/public-contract/index.ts";
import { LIVE_EVENT_NAME, type LiveEvent } from "../src/live/schema.ts";

/** One `/api/live` stream read as it arrives: its events, and whether (and when) the server ended it. */
export interface LiveStream {
  received: LiveEvent[];
  /** How many keep-alives (SSE comments) arrived. */
  keepAlives(): number;
  /** Whatever arrived that is neither an event of ours nor a keep-alive. */
  others: string[];
  /** Whether the server has ended the stream (its body ended); closing it here does not count. */
  hasEnded(): boolean;
  close(): void;
}

/**
 * Opens the live stream of the API at `origin` as `token` over real HTTP, without reconnecting (an
 * EventSource would reconnect and hide the end): resolves once the server has answered 200.
 */
export async function openLiveStream(origin: string, token: string): Promise<LiveStream> {
  const abort = new AbortController();
  const response = await fetch(`${origin}${API.live}`, {
    headers: { authorization: `Bearer ${token}`, accept: "text/event-stream" },
    signal: abort.signal,
  });
  if (response.status !== 200 || !response.body)
    throw new Error(`stream refused: ${response.status} ${await response.text()}`);
  const received: LiveEvent[] = [];
  let ended = false;
  let keepAlives = 0;
  const others: string[] = [];
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  const read = async () => {
    let buffer = "";
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      buffer += value;
      let end: number;
      while ((end = buffer.indexOf("\n\n")) >= 0) {
        const lines = buffer.slice(0, end).split("\n");
        buffer = buffer.slice(end + 2);
        const event = lines
          .find((line) => line.startsWith("event:"))
          ?.slice(6)
          .trim();
        const data = lines.filter((line) => line.startsWith("data:")).map((line) => line.slice(5).trim());
        if (event === LIVE_EVENT_NAME) received.push(JSON.parse(data.join("\n")) as LiveEvent);
        else if (lines.every((line) => line.startsWith(":"))) keepAlives++;
        else others.push(lines.join("\n"));
      }
    }
  };
  void read().then(
    () => (ended = true),
    () => undefined,
  );
  return {
    received,
    keepAlives: () => keepAlives,
    others,
    hasEnded: () => ended,
    close: () => abort.abort(),
  };
}
