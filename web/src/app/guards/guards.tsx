import { COMMON_MESSAGES, TWOFA } from "@pli/api/public-contract/constants";
import { lazy, Suspense, useEffect } from "react";
import { Navigate, Outlet, useLocation } from "react-router-dom";
import { REACHABLE_WITHOUT_2FA, routes } from "@/shared/config/routes";
import { useMe } from "@/shared/session/me";
import { useSession } from "@/shared/session/session-provider";
import { useToast } from "@/shared/ui/toast";

/** Wallet code loads with the operator's pages, not with the sign-in pages. */
const WalletMismatchWatcher = lazy(() => import("./wallet-mismatch-watcher"));

/** Operators only; everyone else goes to the wallet connect page. */
export function RequireOperator() {
  const { isOperator } = useSession();
  if (!isOperator) return <Navigate to={routes.home.href()} replace />;
  return (
    <>
      <Suspense fallback={null}>
        <WalletMismatchWatcher />
      </Suspense>
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
    if (mustEnrol) toast.info(COMMON_MESSAGES.enable2fa);
  }, [mustEnrol, toast]);
  if (mustEnrol) return <Navigate to={routes.editProfile.href()} replace />;
  return <Outlet />;
}
