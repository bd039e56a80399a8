import getPort from "get-port";

/** A free TCP port on 127.0.0.1, or `preferred` when it is given. */
export async function freePort(preferred?: number): Promise<number> {
  if (preferred) return preferred;
  return getPort({ host: "127.0.0.1" });
}
