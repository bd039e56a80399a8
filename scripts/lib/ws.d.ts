/**
 * The part of `ws` (a dependency of Ponder, shipped without types) that the RPC proxy's websocket relay and its tests
 * use.
 */
declare module "ws" {
  import type { IncomingMessage } from "node:http";
  import type { Duplex } from "node:stream";

  export type RawData = Buffer | ArrayBuffer | Buffer[];

  export class WebSocket {
    constructor(url: string);
    send(data: string): void;
    close(code?: number, reason?: string): void;
    terminate(): void;
    on(event: "message", listener: (data: RawData) => void): this;
    on(event: "close", listener: () => void): this;
    on(event: "error", listener: (error: Error) => void): this;
    once(event: "open" | "close", listener: () => void): this;
    once(event: "error", listener: (error: Error) => void): this;
  }

  export class WebSocketServer {
    constructor(options: { noServer: true });
    readonly clients: Set<WebSocket>;
    handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer, callback: (client: WebSocket) => void): void;
    close(): void;
  }
}
