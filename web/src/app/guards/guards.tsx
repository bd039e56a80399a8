import { MESSAGES, TWOFA } from "@pli/api/public-contract";
import { useEffect, useRef } from "react";
import { Navigate, Outlet, useLocation, useNavigate } from "react-router-dom";
import { useConnection } from "wagmi";
import { REACHABLE_WITHOUT_2FA, routes } from "@/shared/config/routes";
import { useMe } from "@/shared/session/me";
import { useSession } from "@/shared/session/session-provider";
import { useDialogs } from "@/shared/ui/dialogs";
import { useToast } from "@/shared/ui/toast";

/** Operators only; everyone else goes to the wallet connect page. */
export function RequireOperator() {
  const { isOperator } = useSession();
  if (!isOperator) return <Navigate to={routes.home.href()} replace />;
  return (
    <>
      <WalletMismatchWatcher />
      <TwofaGate />
    </>
  );
}

/** A signed-in operator opening the connect page goes to the dashboard. */
export function SignedInOperatorGate() {
  const { isOperator } = useSession();
  return isOperator ? <Navigate to={routes.dashboard.href()} replace /> : <Outlet />;
}

/** Admins only; everyone else goes to the admin sign-in. */
export function RequireAdmin() {
  const { isAdmin } = useSession();
  return isAdmin ? <Outlet /> : <Navigate to={routes.adminLogin.href()} replace />;
}

/** A signed-in admin visiting the sign-in page goes to the dashboard. */
export function AdminLoginGate() {
  const { isAdmin } = useSession();
  return isAdmin ? <Navigate to={routes.adminDashboard.href()} replace /> : <Outlet />;
}

/** The code page needs the registration detail of a sign-in attempt. */
export function OtpGate() {
  const { registerDetail, isAdmin } = useSession();
  if (isAdmin) return <Navigate to={routes.adminDashboard.href()} replace />;
  return registerDetail ? <Outlet /> : <Navigate to={routes.home.href()} replace />;
}

/** Operators with 2FA off are sent to editprofile; faq and editprofile stay reachable. */
function TwofaGate() {
  const me = useMe();
  const location = useLocation();
  const toast = useToast();
  const exempt = REACHABLE_WITHOUT_2FA.some((name) => routes[name].path === location.pathname);
  const mustEnrol = me.data?.twofa === TWOFA.no && !exempt;
  useEffect(() => {
    if (mustEnrol) toast.info(MESSAGES.enable2fa);
  }, [mustEnrol, toast]);
  if (mustEnrol) return <Navigate to={routes.editProfile.href()} replace />;
  return <Outlet />;
}

/** Logs the operator out when the connected wallet is not the one they signed in with. */
function WalletMismatchWatcher() {
  const { claims, logOut } = useSession();
  const connection = useConnection();
  const { alert } = useDialogs();
  const navigate = useNavigate();
  const handled = useRef(false);
  const connected = connection.address?.toLowerCase();
  const mismatch = Boolean(connected && claims?.walletAddress && connected !== claims.walletAddress.toLowerCase());
  useEffect(() => {
    if (!mismatch || handled.current) return;
    handled.current = true;
    logOut();
    navigate(routes.home.href(), { replace: true });
    void alert({
      title: MESSAGES.walletMismatchTitle,
      text: MESSAGES.walletMismatchText,
      okOnly: true,
      tone: "warning",
    });
  }, [mismatch, alert, logOut, navigate]);
  return null;
}
