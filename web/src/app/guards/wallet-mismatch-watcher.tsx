import { MESSAGES } from "@pli/api/public-contract";
import { useEffect, useRef } from "react";
import { useNavigate } from "react-router-dom";
import { useConnection } from "wagmi";
import { routes } from "@/shared/config/routes";
import { useSession } from "@/shared/session/session-provider";
import { alertOnArrival } from "@/shared/ui/dialogs";

/** Logs the operator out when the connected wallet is not the one they signed in with. */
export default function WalletMismatchWatcher() {
  const { claims, logOut } = useSession();
  const connection = useConnection();
  const navigate = useNavigate();
  const handled = useRef(false);
  const connected = connection.address?.toLowerCase();
  const mismatch = Boolean(connected && claims?.walletAddress && connected !== claims.walletAddress.toLowerCase());
  useEffect(() => {
    if (!mismatch || handled.current) return;
    handled.current = true;
    alertOnArrival(routes.home.path, {
      title: MESSAGES.walletMismatchTitle,
      text: MESSAGES.walletMismatchText,
      okOnly: true,
      tone: "warning",
    });
    logOut();
    navigate(routes.home.href(), { replace: true });
  }, [mismatch, logOut, navigate]);
  return null;
}
