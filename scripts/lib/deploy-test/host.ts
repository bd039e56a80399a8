import { createServer, connect, type AddressInfo, type Server } from "node:net";
import { docker } from "./docker.ts";
import { processIds, procFile } from "../proc.ts";

/**
 * The address of Docker's default bridge on this host, where the containers reach the host's own services: its
 * gateway, or when Docker names none (the daemon picked the subnet), the subnet's first address, which it gives itself.
 */
export async function bridgeGateway(): Promise<string> {
  const { stdout } = await docker(["network", "inspect", "bridge", "--format", "{{json .IPAM.Config}}"]);
  const [config] = JSON.parse(stdout) as { Subnet?: string; Gateway?: string }[];
  const gateway =
    config?.Gateway ?? config?.Subnet?.replace(/^(\d+\.\d+\.\d+\.)\d+\/\d+$/, (_, prefix: string) => `${prefix}1`);
  if (!gateway || !/^\d+\.\d+\.\d+\.\d+$/.test(gateway))
    throw new Error(`Docker's bridge has no gateway address: ${stdout}`);
  return gateway;
}

/**
 * Listens on `host` (a port of its own) and passes every connection on to 127.0.0.1:`port`, where a test service
 * (anvil, the SMTP catcher) listens: the containers reach it at the bridge's gateway, nothing else beyond this host.
 */
export async function forwardFrom(host: string, port: number): Promise<{ port: number; close(): Promise<void> }> {
  const open = new Set<{ destroy(): void }>();
  const server: Server = createServer((socket) => {
    const upstream = connect(port, "127.0.0.1");
    open.add(socket).add(upstream);
    socket.pipe(upstream).pipe(socket);
    const end = () => {
      socket.destroy();
      upstream.destroy();
      open.delete(socket);
      open.delete(upstream);
    };
    socket.once("error", end).once("close", end);
    upstream.once("error", end).once("close", end);
  });
  await new Promise<void>((resolve, reject) => server.once("error", reject).listen(0, host, resolve));
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const socket of open) socket.destroy();
      }),
  };
}

/**
 * The most open files the local Docker daemon can give a container: its own hard limit ("Max open files" of dockerd),
 * or undefined when no dockerd runs on this host (a remote daemon).
 */
export function daemonOpenFilesLimit(): number | undefined {
  for (const pid of processIds()) {
    if (procFile(pid, "comm")?.trim() !== "dockerd") continue;
    const limits = procFile(pid, "limits");
    if (limits === undefined) continue;
    const line = limits.split("\n").find((row) => row.startsWith("Max open files"));
    const hard = line?.split(/\s{2,}/)[2];
    return hard === undefined || hard === "unlimited" ? undefined : Number(hard);
  }
  return undefined;
}
