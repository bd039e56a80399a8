import { useConnectors, type Connector } from "wagmi";
import { hasWindowEthereum } from "./wallet-presence";

const GENERIC_INJECTED_ID = "injected";

/**
 * The connector to use for "Connect Wallet": the first wallet that announced itself through EIP-6963,
 * else the legacy window.ethereum provider. Undefined when the browser has no wallet at all.
 */
export function useWalletConnector(): Connector | undefined {
  const connectors = useConnectors();
  const announced = connectors.find(
    (connector) => connector.type === "injected" && connector.id !== GENERIC_INJECTED_ID,
  );
  if (announced) return announced;
  return hasWindowEthereum() ? connectors.find((connector) => connector.id === GENERIC_INJECTED_ID) : undefined;
}
