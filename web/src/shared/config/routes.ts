/**
 * Every route of the web app (spec section 2), defined once: `path` for the router, `href()` for links,
 * `title` for the header, `access` for the frame and guard the router puts it behind.
 */
interface RouteDef<Params extends string[] = []> {
  path: string;
  title: string;
  href: (...params: Params) => string;
  /** Where the header's back arrow leads (spec section 2); without it the arrow goes back in history. */
  back?: string;
}

/** A route whose link is its path. */
const route = (path: string, title: string, back?: string): RouteDef => ({
  path,
  title,
  href: () => path,
  ...(back ? { back } : {}),
});
/** A route whose link needs parameters (a path segment or a query). */
const routeWith = <Params extends string[]>(
  path: string,
  title: string,
  href: (...params: Params) => string,
): RouteDef<Params> => ({ path, title, href });

/** Who may open a route: anyone (each public page has its own gate), signed-in operators, or signed-in admins. */
export type Access = "public" | "operator" | "admin";

/** Marks every route of `defs` with `access`. */
const withAccess = <A extends Access, Defs extends Record<string, RouteDef<never>>>(access: A, defs: Defs) =>
  Object.fromEntries(Object.entries(defs).map(([name, def]) => [name, { ...def, access }])) as {
    [K in keyof Defs]: Defs[K] & { access: A };
  };

export const routes = {
  ...withAccess("public", {
    home: route("/", "Validator Nodes Operator Portal"),
    adminLogin: route("/admin/login", "Admin Sign in"),
    adminVerifyOtp: route("/admin/verifyotp", "Verify OTP"),
    network: route("/network", "Validator Network"),
  }),

  ...withAccess("operator", {
    dashboard: route("/dashboard", "Dashboard"),
    listNode: route("/listnode", "My Nodes"),
    addNode: { ...routeWith("/addnode", "Add New Node", () => "/addnode?_a=1"), back: "/listnode" },
    editNode: route("/editnode", "View Node", "/listnode"),
    listRpc: route("/listrpc", "Full Node RPC's"),
    addRpc: route("/addrpc", "Add New RPC's", "/listrpc"),
    editRpc: route("/editrpc", "Edit RPC", "/listrpc"),
    deposit: routeWith(
      "/deposit/:nodeId",
      "Validator Node Staking",
      (nodeId: string) => `/deposit/${encodeURIComponent(nodeId)}`,
    ),
    transactions: route("/transactions", "Transactions"),
    listIncentive: route("/listincentive", "Incentives"),
    viewIncentive: {
      ...routeWith("/incentive", "View Incentive", (id: string) => `/incentive?id=${encodeURIComponent(id)}`),
      back: "/listincentive",
    },
    listJob: routeWith("/listjob", "Manage Jobs", (id: string) => `/listjob?id=${encodeURIComponent(id)}`),
    editJob: routeWith("/editjob", "View Jobs", (id: string) => `/editjob?id=${encodeURIComponent(id)}`),
    viewProfile: route("/viewprofile", "Profile"),
    editProfile: route("/editprofile", "Edit Profile"),
    faq: route("/faq", "FAQ"),
    listTicket: route("/listissue", "Support Tickets"),
    viewTicket: {
      ...routeWith("/viewissue", "View Ticket", (id: string) => `/viewissue?id=${encodeURIComponent(id)}`),
      back: "/listissue",
    },
    listWallet: route("/listwallet", "My Wallet"),
    additionalStake: route("/additionalstake", "Additional Stake"),
  }),

  ...withAccess("admin", {
    adminDashboard: route("/admin/dashboard", "Dashboard"),
    adminSiteSetting: route("/admin/sitesetting", "Setting"),
    adminListStakeRequest: route("/admin/listrequest", "Request Lists"),
    adminEditStakeRequest: {
      ...routeWith(
        "/admin/editrequest",
        "Edit Request",
        (id: string) => `/admin/editrequest?id=${encodeURIComponent(id)}`,
      ),
      back: "/admin/listrequest",
    },
    adminListStake: route("/admin/liststake", "Stake Lists"),
    adminEditStake: {
      ...routeWith("/admin/editstake", "View Stake", (id: string) => `/admin/editstake?id=${encodeURIComponent(id)}`),
      back: "/admin/liststake",
    },
    adminListIncentive: route("/admin/listincentive", "Incentives"),
    adminEditIncentive: {
      ...routeWith(
        "/admin/editincentive",
        "View Incentive",
        (id: string) => `/admin/editincentive?id=${encodeURIComponent(id)}`,
      ),
      back: "/admin/listincentive",
    },
    adminListNode: route("/admin/listnode", "Node Requests Lists"),
    adminEditNode: route("/admin/editnode", "View Node", "/admin/listnode"),
    adminListJob: route("/admin/listjob", "Job Requests"),
    adminEditJob: route("/admin/editjob", "Edit Job", "/admin/listjob"),
    adminListRpc: route("/admin/listrpc", "Full Node RPC's"),
    adminAddRpc: route("/admin/addrpc", "Add New RPC's", "/admin/listrpc"),
    adminEditRpc: route("/admin/editrpc", "Edit RPC", "/admin/listrpc"),
    adminListTicket: route("/admin/listticket", "Tickets"),
    adminListOperator: route("/admin/operators", "Operators"),
    adminListAudit: route("/admin/audit", "Audit Log"),
    adminViewTicket: {
      ...routeWith(
        "/admin/viewticket",
        "View Ticket",
        (id: string) => `/admin/viewticket?id=${encodeURIComponent(id)}`,
      ),
      back: "/admin/listticket",
    },
    adminListValidator: route("/admin/validators", "Validators"),
    adminListInvite: route("/admin/invites", "Invites"),
    adminSafeQueue: route("/admin/safe", "Safe Queue"),
  }),
};

export type RouteName = keyof typeof routes;

/**
 * Paths the spec names that lead to another route: the spec sends a signed-out session to /login, and the
 * operator's sign-in is the connect page (admins sign in at /admin/login).
 */
export const redirects: { path: string; to: RouteName }[] = [{ path: "/login", to: "home" }];

/** The routes open to `access`. */
export type RouteNameOf<A extends Access> = {
  [K in RouteName]: (typeof routes)[K]["access"] extends A ? K : never;
}[RouteName];

/**
 * Operator sidebar: the spec's five links (section 2), then the operator's other screens the spec links from
 * elsewhere (My Wallet and Profile of the phone bar, the tickets, the FAQ), so every screen has a way in.
 */
export const OPERATOR_SIDEBAR: { route: RouteName; label: string }[] = [
  { route: "dashboard", label: "Dashboard" },
  { route: "listNode", label: "My Nodes" },
  { route: "transactions", label: "Transactions" },
  { route: "listIncentive", label: "Incentives" },
  { route: "listRpc", label: "Full Node RPC's" },
  { route: "listWallet", label: "My Wallet" },
  { route: "viewProfile", label: "Profile" },
  { route: "listTicket", label: "Support Tickets" },
  { route: "faq", label: "FAQ" },
];

/** Admin sidebar (spec section 2). */
export const ADMIN_SIDEBAR: { route: RouteName; label: string }[] = [
  { route: "adminDashboard", label: "Dashboard" },
  { route: "adminListNode", label: "Node Requests" },
  { route: "adminListJob", label: "Job Requests" },
  { route: "adminListStakeRequest", label: "Stake Requests" },
  { route: "adminListStake", label: "Stakes" },
  { route: "adminListIncentive", label: "Incentives" },
  { route: "adminListRpc", label: "Full Node RPC's" },
  { route: "adminListTicket", label: "Tickets" },
  { route: "adminListOperator", label: "Operators" },
  { route: "adminListValidator", label: "Validators" },
  { route: "adminListInvite", label: "Invites" },
  { route: "adminSiteSetting", label: "Setting" },
  { route: "adminListAudit", label: "Audit Log" },
  { route: "adminSafeQueue", label: "Safe Queue" },
];

/** Admin sidebar entries shown only in Safe mode (SAFE_ADDRESS set): the spec's single-wallet console has none. */
export const SAFE_MODE_ONLY: RouteName[] = ["adminSafeQueue"];

/** Operator mobile bottom navigation; Support goes to the external documentation. */
export const OPERATOR_MOBILE_NAV: { route: RouteName; label: string }[] = [
  { route: "dashboard", label: "Dashboard" },
  { route: "listNode", label: "My Nodes" },
  { route: "listWallet", label: "My Wallet" },
  { route: "viewProfile", label: "Profile" },
];
export const SUPPORT_DOCS_URL = "https://docs.goplugin.co";

/**
 * The navigation entry a screen belongs to, for screens reached from another one (a node's staking, jobs and edit
 * pages under My Nodes): the navigation marks that entry while the screen is open. Every other route is its own.
 */
export const NAV_SECTION: Partial<Record<RouteName, RouteName>> = {
  addNode: "listNode",
  editNode: "listNode",
  deposit: "listNode",
  listJob: "listNode",
  editJob: "listNode",
  addRpc: "listRpc",
  editRpc: "listRpc",
  editProfile: "viewProfile",
  viewTicket: "listTicket",
  viewIncentive: "listIncentive",
  additionalStake: "listWallet",
  adminEditStakeRequest: "adminListStakeRequest",
  adminEditStake: "adminListStake",
  adminEditIncentive: "adminListIncentive",
  adminEditNode: "adminListNode",
  adminEditJob: "adminListJob",
  adminAddRpc: "adminListRpc",
  adminEditRpc: "adminListRpc",
  adminViewTicket: "adminListTicket",
};

/** The route whose path matches `pathname` (a parameter segment such as :nodeId matches any one segment). */
export function routeAt(pathname: string): RouteName | undefined {
  const segments = pathname.replace(/\/+$/, "").split("/");
  return (Object.keys(routes) as RouteName[]).find((name) => {
    const pattern = routes[name].path.split("/");
    return (
      pattern.length === segments.length &&
      pattern.every((part, i) => (part.startsWith(":") ? segments[i] !== "" : part === segments[i]))
    );
  });
}

/** The navigation entry to mark at `pathname`: its route's section, or the route itself. */
export function navSectionAt(pathname: string): RouteName | undefined {
  const name = routeAt(pathname);
  return name ? (NAV_SECTION[name] ?? name) : undefined;
}

/** Routes an operator without 2FA may still open (spec section 5). */
export const REACHABLE_WITHOUT_2FA: RouteName[] = ["editProfile", "faq"];
