/**
 * A child process of bench/streams.ts holding its share of the live streams: a process cannot hold 10,000 client
 * sockets next to the API's 10,000 within the machine's 20,000 open files per process. Told by the parent (IPC) which
 * streams to open, it reads each as the web app does and reports, for each stream, the events that named its wallet
 * (block and arrival time) and how many messages arrived that were neither those nor keep-alives.
 */
import { fork } from "node:child_process";
import http from "node:http";
// The constants alone: the whole public contract would load every feature's schemas into each client process.
import { LIVE_EVENT_NAME, LIVE_PATHS } from "@pli/api/public-contract/constants";

/** What the parent sends. */
export type ClientCommand =
  | { kind: "open"; streams: { url: string; token: string; wallet: string }[]; concurrency: number }
  | { kind: "report" }
  | { kind: "close" };

/** What a child answers, in the order of the commands. */
export type ClientReply =
  | { kind: "opened"; opened: number; failed: string[]; ms: number }
  | {
      kind: "report";
      /** [stream's index in the open command, event's block, arrival (epoch ms)] of each event naming its wallet. */
      arrivals: [number, number, number][];
      /** Per stream: messages that were not keep-alives (events of its wallet included). */
      messages: number[];
      /** Events that arrived on a stream without naming its wallet. */
      foreign: number;
      keepAlives: number;
      /** Streams the server ended or that failed while open. */
      lost: number;
    }
  | { kind: "closed" };

/** Epoch milliseconds with sub-millisecond precision, comparable between processes. */
const now = () => performance.timeOrigin + performance.now();

interface Stream {
  wallet: string;
  request?: http.ClientRequest;
  messages: number;
  buffer: string;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });
let streams: Stream[] = [];
const arrivals: [number, number, number][] = [];
let foreign = 0;
let keepAlives = 0;
let lost = 0;

function read(index: number, stream: Stream, chunk: string) {
  stream.buffer += chunk;
  let end: number;
  while ((end = stream.buffer.indexOf("\n\n")) >= 0) {
    const message = stream.buffer.slice(0, end);
    stream.buffer = stream.buffer.slice(end + 2);
    if (message.startsWith(":")) {
      keepAlives++;
      continue;
    }
    stream.messages++;
    const lines = message.split("\n");
    if (!lines.includes(`event: ${LIVE_EVENT_NAME}`)) continue;
    const data = lines.find((line) => line.startsWith("data: "));
    const event = JSON.parse(data?.slice(6) ?? "{}") as { block: number; wallets: string[] };
    if (event.wallets.includes(stream.wallet)) arrivals.push([index, event.block, now()]);
    else foreign++;
  }
}

function open(index: number, url: string, token: string, stream: Stream): Promise<string | null> {
  return new Promise((resolve) => {
    const request = http.get(
      `${url}${LIVE_PATHS.events}`,
      { agent, headers: { authorization: `Bearer ${token}`, accept: "text/event-stream" } },
      (response) => {
        if (response.statusCode !== 200) {
          response.resume();
          resolve(`HTTP ${response.statusCode}`);
          return;
        }
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => read(index, stream, chunk));
        response.on("end", () => lost++);
        resolve(null);
      },
    );
    request.on("error", (error) => resolve(error.message));
    stream.request = request;
  });
}

/** A child process holding streams, told what to do one command at a time. */
export function clientProcess() {
  const child = fork(import.meta.filename, {
    execArgv: ["--import", "tsx"],
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  const replies: ((reply: ClientReply) => void)[] = [];
  child.on("message", (reply: ClientReply) => replies.shift()?.(reply));
  return {
    ask: <K extends ClientReply["kind"]>(command: ClientCommand) =>
      new Promise<Extract<ClientReply, { kind: K }>>((resolve) => {
        replies.push(resolve as (reply: ClientReply) => void);
        child.send(command);
      }),
    kill: () => child.kill(),
  };
}

async function obey(command: ClientCommand) {
  const reply = (message: ClientReply) => process.send!(message);
  if (command.kind === "open") {
    const started = performance.now();
    streams = command.streams.map(({ wallet }) => ({ wallet: wallet.toLowerCase(), messages: 0, buffer: "" }));
    const failed: string[] = [];
    let next = 0;
    await Promise.all(
      Array.from({ length: command.concurrency }, async () => {
        while (next < command.streams.length) {
          const index = next++;
          const { url, token } = command.streams[index]!;
          const error = await open(index, url, token, streams[index]!);
          if (error) failed.push(error);
        }
      }),
    );
    reply({
      kind: "opened",
      opened: streams.length - failed.length,
      failed: failed.slice(0, 5),
      ms: performance.now() - started,
    });
  } else if (command.kind === "report") {
    reply({ kind: "report", arrivals, messages: streams.map((stream) => stream.messages), foreign, keepAlives, lost });
  } else {
    for (const stream of streams) stream.request?.destroy();
    agent.destroy();
    reply({ kind: "closed" });
    process.disconnect();
  }
}

if (process.argv[1] === import.meta.filename && process.send) {
  // Its parent gone (a bench stopped by Ctrl-C, SIGTERM or SIGKILL), it goes too.
  process.on("disconnect", () => process.exit(0));
  process.on("message", (command: ClientCommand) => void obey(command));
}
