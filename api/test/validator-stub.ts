import { createServer } from "node:http";
import { freePort } from "../../scripts/lib/ports.ts";

export type StubAnswer = { validator: boolean; email?: string; userRole?: string } | "hang" | "garbage" | "error";

/** The external validator-check service, stood in for by a real HTTP server answering per wallet. */
export async function startValidatorStub(answers: Record<string, StubAnswer> = {}) {
  const port = await freePort();
  const calls: string[] = [];
  const server = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk.toString()));
    req.on("end", () => {
      if (req.method !== "POST" || req.url !== "/api/user/checkvalidator") {
        res.writeHead(404).end();
        return;
      }
      const wallet = String((JSON.parse(body) as { walletAddress?: string }).walletAddress ?? "").toLowerCase();
      calls.push(wallet);
      const answer = answers[wallet] ?? { validator: false };
      if (answer === "hang") return;
      if (answer === "error") return void res.writeHead(500).end("{}");
      res.writeHead(200, { "content-type": "application/json" });
      res.end(answer === "garbage" ? '{"validator":"perhaps"}' : JSON.stringify(answer));
    });
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${port}`,
    answers,
    calls,
    stop: () => new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve()))),
  };
}
