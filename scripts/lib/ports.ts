/**
 * A free TCP port on 127.0.0.1, or `preferred` when it is given. get-port (a development dependency) is
 * loaded only when a port is picked, so the production image can import modules that use this.
 */
export async function freePort(preferred?: number): Promise<number> {
  if (preferred) return preferred;
  const { default: getPort } = await import("get-port");
  return getPort({ host: "127.0.0.1" });
}
