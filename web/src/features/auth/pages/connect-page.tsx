import { useState } from "react";
import { useConnect, useConnection } from "wagmi";
import { useWalletConnector } from "../../../chain/use-wallet-connector";
import { Button } from "../../../shared/ui/button";
import { ConnectError } from "../components/connect-error";
import { ConnectedWallet } from "../components/connected-wallet";
import { NoAccountsWarning } from "../components/no-accounts-warning";
import { WalletMissingWarning } from "../components/wallet-missing-warning";
import { authMessages } from "../messages";

/** The start page: connect a browser wallet (sign-in follows in a later step). */
export function ConnectPage() {
  const connection = useConnection();
  const connector = useWalletConnector();
  const connect = useConnect();
  const [missingNotices, setMissingNotices] = useState(0);

  const busy = connect.isPending || connection.isConnecting || connection.isReconnecting;
  const onConnect = () => {
    if (connector) connect.mutate({ connector });
    else setMissingNotices((count) => count + 1);
  };

  return (
    <section className="card connect-card" aria-labelledby="connect-title">
      <h1 id="connect-title">{authMessages.portalTitle}</h1>
      <p className="muted">{authMessages.intro}</p>
      {connection.address ? (
        <ConnectedWallet address={connection.address} walletName={connection.connector?.name} />
      ) : (
        <Button onClick={onConnect} disabled={busy} className="connect-card__button">
          {busy ? authMessages.connecting : authMessages.connectWallet}
        </Button>
      )}
      {connection.isConnected && !connection.address ? <NoAccountsWarning /> : null}
      {connector ? null : <WalletMissingWarning key={missingNotices} />}
      {connect.error && connector ? <ConnectError error={connect.error} /> : null}
    </section>
  );
}
