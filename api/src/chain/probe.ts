import type { PublicClient } from "viem";
import { ChainProbeError, describeProbe, probeChain, type ChainProbe } from "@pli/abis";
import type { Config } from "../config.ts";
import type { Log } from "../shared/logger.ts";

/** What each chain client's endpoint turned out to be (one client per API instance), for the readiness answer. */
const probes = new WeakMap<PublicClient, ChainProbe>();

export const chainProbeOf = (chain: PublicClient): ChainProbe | null => probes.get(chain) ?? null;

export const recordChainProbe = (chain: PublicClient, probe: ChainProbe) => void probes.set(chain, probe);

/** The configured chain values the endpoint must agree with, by the variable that sets each. */
export const probeExpectations = (config: Config) => ({
  chainId: config.CHAIN_ID,
  contracts: {
    PLI_TOKEN_ADDRESS: config.PLI_TOKEN_ADDRESS,
    STAKING_ADDRESS: config.STAKING_ADDRESS,
    FARM_ADDRESS: config.FARM_ADDRESS,
    PRICE_FEED_ADDRESS: config.PRICE_FEED_ADDRESS,
  },
});

const RETRY_MS = 10_000;

/**
 * Probes the chain's endpoint at start and logs what it found. A chain id or contract the endpoint contradicts throws
 * (ChainProbeError: the start stops, naming the variable); an endpoint that cannot be reached is probed again every
 * 10 s in the background, the API serving meanwhile (its readiness reports the chain down), and `onMismatch` is called
 * if a later probe finds a contradiction.
 */
export async function probeAtStart(
  chain: PublicClient,
  config: Config,
  log: Log,
  onMismatch: (error: ChainProbeError) => void,
): Promise<void> {
  const attempt = async () => {
    const probe = await probeChain(config.RPC_URL, probeExpectations(config));
    recordChainProbe(chain, probe);
    log.info({ probe }, `chain endpoint: ${describeProbe(probe)}`);
  };
  try {
    await attempt();
  } catch (error) {
    if (error instanceof ChainProbeError) throw error;
    log.warn({ err: error }, "chain endpoint: not reachable at start; probing again every 10 s");
    const retry = setInterval(() => {
      attempt().then(
        () => clearInterval(retry),
        (later: unknown) => {
          if (!(later instanceof ChainProbeError)) return;
          clearInterval(retry);
          onMismatch(later);
        },
      );
    }, RETRY_MS);
    retry.unref();
  }
}
