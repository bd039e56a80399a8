import { Link, NavLink, Outlet, useNavigate } from "react-router-dom";
import { useWalletBalances } from "../../chain/use-balances";
import { routes, SUPPORT_DOCS_URL, USER_MOBILE_NAV, USER_SIDEBAR } from "../../shared/config/routes";
import { formatToken } from "../../shared/format";
import { useSession } from "../../shared/session/session-provider";
import { FrameHeader } from "./frame-header";
import { FrameSidebar } from "./frame-sidebar";
import { tillStakeStore } from "../../shared/session/till-stake";

function Balances({ wallet }: { wallet: `0x${string}` }) {
  const { pli, native } = useWalletBalances(wallet);
  return (
    <dl className="balances">
      <div>
        <dt>PLI</dt>
        <dd data-testid="pli-balance">{pli === undefined ? "…" : formatToken(pli)}</dd>
      </div>
      <div>
        <dt>XDC</dt>
        <dd data-testid="native-balance">{native === undefined ? "…" : formatToken(native)}</dd>
      </div>
      <div>
        <dt>Total Staked</dt>
        <dd>{tillStakeStore.get()} PLI</dd>
      </div>
    </dl>
  );
}

/** The operator frame: sidebar with balances, header, mobile bottom navigation. */
export function OperatorLayout() {
  const { claims, signOut } = useSession();
  const navigate = useNavigate();
  const logout = () => {
    signOut();
    navigate(routes.home.href(), { replace: true });
  };
  return (
    <div className="frame">
      <FrameSidebar label="Operator menu" brand="PLI Validator Portal" home="dashboard" items={USER_SIDEBAR}>
        {claims?.walletAddress && <Balances wallet={claims.walletAddress as `0x${string}`} />}
        <div className="sidebar-buttons">
          <Link className="button button--primary" to={routes.listNode.href()}>
            Deposit
          </Link>
          <Link className="button button--secondary" to={routes.transactions.href()}>
            Staked
          </Link>
        </div>
      </FrameSidebar>
      <div className="frame__body">
        <FrameHeader
          actions={
            <>
              <Link className="button button--secondary" to={routes.listIssue.href()}>
                Submit Ticket
              </Link>
              <button type="button" className="button button--secondary" onClick={logout}>
                Logout
              </button>
            </>
          }
        />
        <main className="frame__main">
          <Outlet />
        </main>
        <nav className="mobile-nav" aria-label="Mobile navigation">
          {USER_MOBILE_NAV.map((item) => (
            <NavLink key={item.route} to={routes[item.route].path}>
              {item.label}
            </NavLink>
          ))}
          <a href={SUPPORT_DOCS_URL} target="_blank" rel="noreferrer">
            Support
          </a>
        </nav>
      </div>
    </div>
  );
}
