import { COMMON_MESSAGES } from "@pli/api/public-contract/constants";
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router-dom";
import { useConnect, useConnection } from "wagmi";
import { Button, Loader, Stack, Text } from "@mantine/core";
import { useWalletConnector } from "@/chain/use-wallet-connector";
import { settle } from "@/shared/api/settle";
import { routes } from "@/shared/config/routes";
import { useSession } from "@/shared/session/session-provider";
import { Alert } from "@/shared/ui/alert";
import { useDialogs } from "@/shared/ui/dialogs";
import { useOperatorSignIn } from "../api/use-operator-sign-in";
import { authMessages } from "../messages";
import { ConnectError } from "./connect-error";
import { NoAccountsWarning } from "./no-accounts-warning";
import { WalletMissingWarning } from "./wallet-missing-warning";

/** Shown only once a wallet is connected or the server asks for a code: loaded then, not with the first screen. */
const ConnectedWallet = lazy(() => import("./connected-wallet").then((m) => ({ default: m.ConnectedWallet })));
const TotpPrompt = lazy(() => import("./totp-prompt").then((m) => ({ default: m.TotpPrompt })));

/**
 * The wallet part of the start page: connect a browser wallet, sign the server's sign-in message, then the 2FA code.
 * `connectNow`: the person already pressed Connect Wallet (before this part had loaded), so it connects at once.
 */
export function WalletConnect({ connectNow }: { connectNow: boolean }) {
  const connection = useConnection();
  const connector = useWalletConnector();
  const connect = useConnect();
  const { signIn } = useSession();
  const navigate = useNavigate();
  const { alert } = useDialogs();
  const [missingNotices, setMissingNotices] = useState(0);
  const [wantsSignIn, setWantsSignIn] = useState(false);
  const onToken = useCallback(
    (token: string) => {
      if (signIn(token)) navigate(routes.dashboard.href(), { replace: true });
    },
    [signIn, navigate],
  );
  const operator = useOperatorSignIn(onToken);

  useEffect(() => {
    if (!wantsSignIn || !connection.address) return;
    setWantsSignIn(false);
    void operator.start(connection.address);
  }, [wantsSignIn, connection.address, operator]);

  useEffect(() => {
    if (operator.failure?.kind === "not-validator") {
      void alert({ title: COMMON_MESSAGES.notVerifiedTitle, text: COMMON_MESSAGES.notVerifiedText, tone: "warning" });
    }
  }, [operator.failure, alert]);

  const busy =
    connect.isPending ||
    connection.isConnecting ||
    connection.isReconnecting ||
    operator.step === "signing" ||
    operator.step === "verifying";
  const onConnect = () => {
    if (!connector) return setMissingNotices((count) => count + 1);
    setWantsSignIn(true);
    if (!connection.address) void settle(connect, { connector }, { onError: () => setWantsSignIn(false) });
  };
  const pressed = useRef(connectNow);
  useEffect(() => {
    if (!pressed.current) return;
    pressed.current = false;
    onConnect();
  });

  return (
    <>
      <Suspense fallback={null}>
        {connection.address ? (
          <ConnectedWallet address={connection.address} walletName={connection.connector?.name} />
        ) : null}
      </Suspense>
      {operator.step === "otp" && !operator.needsNewSignature ? (
        <Suspense fallback={<Loader size="sm" mx="auto" aria-label={COMMON_MESSAGES.loading} />}>
          <TotpPrompt
            busy={false}
            error={operator.failure?.kind === "otp" ? operator.failure.message : undefined}
            onSubmit={(code) => void operator.submitOtp(code)}
          />
        </Suspense>
      ) : operator.step === "verifying" ? (
        <Stack align="center" gap={4} role="status">
          <Loader size="sm" aria-hidden="true" />
          <Text size="sm">{COMMON_MESSAGES.loading}</Text>
        </Stack>
      ) : (
        <Button onClick={onConnect} loading={false} disabled={busy} size="md" fullWidth>
          {operator.step === "signing"
            ? authMessages.signingIn
            : busy
              ? authMessages.connecting
              : operator.needsNewSignature
                ? authMessages.signAgain
                : authMessages.connectWallet}
        </Button>
      )}
      {operator.needsNewSignature && operator.failure?.kind === "otp" ? (
        <Alert tone="error" title={operator.failure.message} />
      ) : null}
      {operator.failure?.kind === "rejected" ? <Alert tone="error" title={authMessages.signatureRejected} /> : null}
      {operator.failure?.kind === "error" ? <Alert tone="error" title={operator.failure.message} /> : null}
      {connection.isConnected && !connection.address ? <NoAccountsWarning /> : null}
      {connector ? null : <WalletMissingWarning key={missingNotices} />}
      {connect.error && connector ? <ConnectError error={connect.error} /> : null}
    </>
  );
}
