/**
 * Where free ports come from: get-port (a development dependency), loaded only when a port is picked, so the
 * production image can import modules that use this. An object, so a test can replace `pick` with `vi.spyOn`.
 */
export const portSource = {
  async pick(): Promise<number> {
    const { default: getPort } = await import("get-port");
    return getPort({ host: "127.0.0.1" });
  },
};

/** A free TCP port on 127.0.0.1, or `preferred` when it is given. */
export async function freePort(preferred?: number): Promise<number> {
  return preferred ? preferred : portSource.pick();
}
