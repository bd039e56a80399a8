import { Outlet, useNavigate } from "react-router-dom";
import { useWalletConnector } from "../../chain/use-wallet-connector";
import { ADMIN_SIDEBAR, routes } from "../../shared/config/routes";
import { useSession } from "../../shared/session/session-provider";
import { FrameHeader } from "./frame-header";
import { FrameSidebar } from "./frame-sidebar";

export const NON_XINFIN_BROWSER = "Non-Xinfin browser detected. You should consider trying XDCpay";

/** The admin frame: admin sidebar and header. */
export function AdminLayout() {
  const { signOut } = useSession();
  const navigate = useNavigate();
  const connector = useWalletConnector();
  const logout = () => {
    signOut();
    navigate(routes.adminLogin.href(), { replace: true });
  };
  return (
    <div className="frame">
      <FrameSidebar label="Admin menu" brand="PLI Admin Console" home="adminDashboard" items={ADMIN_SIDEBAR} />
      <div className="frame__body">
        <FrameHeader
          actions={
            <button type="button" className="button button--secondary" onClick={logout}>
              Logout
            </button>
          }
        />
        {!connector && (
          <p role="alert" className="banner banner--warning">
            {NON_XINFIN_BROWSER}
          </p>
        )}
        <main className="frame__main">
          <Outlet />
        </main>
      </div>
    </div>
  );
}
