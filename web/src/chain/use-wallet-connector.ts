import { useConnectors, type Connector } from "wagmi";
import { hasBrowserWallet } from "./wallet-connector";

/** The connector to use for "Connect Wallet" (the portal has one, see wallet-connector.ts); undefined without a wallet. */
export function useWalletConnector(): Connector | undefined {
  const [connector] = useConnectors();
  return hasBrowserWallet() ? connector : undefined;
}
