/** A chain as a person adds it to a wallet by hand: the values every wallet's "add network" form asks for. */
export interface NetworkValues {
  chainId: number;
  name: string;
  currency: { name: string; symbol: string; decimals: number };
  /** A JSON-RPC endpoint that writes addresses `0x…` (wallets such as MetaMask refuse `xdc…` answers). */
  rpcUrl: string;
  /** The block explorer's home page. */
  explorerUrl: string;
}

const XDC = { name: "XDC", symbol: "XDC", decimals: 18 } as const;

/**
 * XDC's networks, by chain id: the public endpoints XinFin publishes for wallets (the `erpc` hosts answer in `0x`
 * form) and XDCScan. Any other chain id is a local or private chain, described by the deployment's own settings.
 */
export const XDC_NETWORKS: Readonly<Record<number, NetworkValues>> = {
  50: {
    chainId: 50,
    name: "XDC Network",
    currency: XDC,
    rpcUrl: "https://erpc.xinfin.network",
    explorerUrl: "https://xdcscan.com",
  },
  51: {
    chainId: 51,
    name: "XDC Apothem Network",
    currency: { name: "TXDC", symbol: "TXDC", decimals: 18 },
    rpcUrl: "https://erpc.apothem.network",
    explorerUrl: "https://testnet.xdcscan.com",
  },
};

/**
 * The values of the chain `chainId`: XDC's own for mainnet and Apothem, else a local chain's, with the RPC URL and
 * explorer the deployment is configured with (its explorer's home page: the origin of its transaction links).
 */
export function networkValues(chainId: number, deployment: { rpcUrl: string; explorerTxUrl: string }): NetworkValues {
  return (
    XDC_NETWORKS[chainId] ?? {
      chainId,
      name: `Local chain ${chainId}`,
      currency: XDC,
      rpcUrl: deployment.rpcUrl,
      explorerUrl: new URL(deployment.explorerTxUrl).origin,
    }
  );
}
