/**
 * Every route of the web app (spec section 2), defined once: `path` for the router, `href()` for links,
 * `title` for the header. `access` decides the guard.
 */
type Access = "public" | "user" | "admin";

interface RouteDef<Params extends unknown[] = []> {
  path: string;
  title: string;
  access: Access;
  href: (...params: Params) => string;
}

const route = (path: string, title: string, access: Access): RouteDef => ({ path, title, access, href: () => path });

export const routes = {
  home: route("/", "Validator Nodes Operator Portal", "public"),
  adminLogin: route("/admin/login", "Admin Sign in", "public"),
  adminVerifyOtp: route("/admin/verifyotp", "Verify OTP", "public"),

  dashboard: route("/dashboard", "Dashboard", "user"),
  listNode: route("/listnode", "My Nodes", "user"),
  addNode: { path: "/addnode", title: "Add New Node", access: "user", href: () => "/addnode?_a=1" } as RouteDef,
  editNode: route("/editnode", "View Node", "user"),
  listRpc: route("/listrpc", "Full Node RPC's", "user"),
  addRpc: route("/addrpc", "Add New RPC's", "user"),
  editRpc: route("/editrpc", "Edit RPC", "user"),
  deposit: { path: "/deposit/:nodeId", title: "Validator Node Staking", access: "user", href: (nodeId: string) => `/deposit/${encodeURIComponent(nodeId)}` } as RouteDef<[string]>,
  transactions: route("/transactions", "Transactions", "user"),
  listIncentive: route("/listincentive", "Incentives", "user"),
  listJob: { path: "/listjob", title: "Manage Jobs", access: "user", href: (id: string) => `/listjob?id=${encodeURIComponent(id)}` } as RouteDef<[string]>,
  editJob: { path: "/editjob", title: "View Jobs", access: "user", href: (id: string) => `/editjob?id=${encodeURIComponent(id)}` } as RouteDef<[string]>,
  viewProfile: route("/viewprofile", "Profile", "user"),
  editProfile: route("/editprofile", "Edit Profile", "user"),
  faq: route("/faq", "FAQ", "user"),
  listIssue: route("/listissue", "Support Tickets", "user"),
  listWallet: route("/listwallet", "My Wallet", "user"),
  additionalStake: route("/additionalstake", "Additional Stake", "user"),

  adminDashboard: route("/admin/dashboard", "Dashboard", "admin"),
  adminSiteSetting: route("/admin/sitesetting", "Setting", "admin"),
  adminListRequest: route("/admin/listrequest", "Request Lists", "admin"),
  adminEditRequest: route("/admin/editrequest", "Edit Request", "admin"),
  adminListStake: route("/admin/liststake", "Stake Lists", "admin"),
  adminEditStake: route("/admin/editstake", "Edit Stake", "admin"),
  adminListIncentive: route("/admin/listincentive", "Incentives", "admin"),
  adminEditIncentive: route("/admin/editincentive", "Edit Incentive", "admin"),
  adminListNode: route("/admin/listnode", "Node Requests Lists", "admin"),
  adminEditNode: route("/admin/editnode", "View Node", "admin"),
  adminListJob: route("/admin/listjob", "Job Requests", "admin"),
  adminEditJob: route("/admin/editjob", "Edit Job", "admin"),
  adminListRpc: route("/admin/listrpc", "Full Node RPC's", "admin"),
  adminAddRpc: route("/admin/addrpc", "Add New RPC's", "admin"),
  adminEditRpc: route("/admin/editrpc", "Edit RPC", "admin"),
} as const;

export type RouteName = keyof typeof routes;

/** Operator sidebar (spec section 2). */
export const USER_SIDEBAR: { route: RouteName; label: string }[] = [
  { route: "dashboard", label: "Dashboard" },
  { route: "listNode", label: "My Nodes" },
  { route: "transactions", label: "Transactions" },
  { route: "listIncentive", label: "Incentives" },
  { route: "listRpc", label: "Full Node RPC's" },
];

/** Admin sidebar (spec section 2). */
export const ADMIN_SIDEBAR: { route: RouteName; label: string }[] = [
  { route: "adminDashboard", label: "Dashboard" },
  { route: "adminListNode", label: "Node Requests" },
  { route: "adminListJob", label: "Job Requests" },
  { route: "adminListStake", label: "Stakes" },
  { route: "adminListIncentive", label: "Incentives" },
  { route: "adminListRpc", label: "Full Node RPC's" },
  { route: "adminSiteSetting", label: "Setting" },
];

/** Operator mobile bottom navigation; Support goes to the external documentation. */
export const USER_MOBILE_NAV: { route: RouteName; label: string }[] = [
  { route: "dashboard", label: "Dashboard" },
  { route: "listNode", label: "My Nodes" },
  { route: "listWallet", label: "My Wallet" },
  { route: "viewProfile", label: "Profile" },
];
export const SUPPORT_DOCS_URL = "https://docs.goplugin.co";

/** Routes an operator without 2FA may still open (spec section 5). */
export const REACHABLE_WITHOUT_2FA: RouteName[] = ["editProfile", "faq"];
