import type { Address } from "viem";
import { authMessages } from "../messages";

interface ConnectedWalletProps {
  address: Address;
  walletName?: string;
}

export function ConnectedWallet({ address, walletName }: ConnectedWalletProps) {
  return (
    <dl className="connected-wallet">
      <dt>{authMessages.connectedAs}</dt>
      <dd className="connected-wallet__address">{address}</dd>
      {walletName ? (
        <>
          <dt>{authMessages.connectedWith}</dt>
          <dd>{walletName}</dd>
        </>
      ) : null}
    </dl>
  );
}
