import type { ComponentType } from "react";
import { createBrowserRouter, Navigate, Outlet, type RouteObject } from "react-router-dom";
import { redirects, routes, type RouteName, type RouteNameOf } from "@/shared/config/routes";
import { AdminLoginGate, OtpGate, RequireAdmin, RequireOperator, SignedInOperatorGate } from "./guards/guards";
import { PublicLayout } from "./layouts/public-layout";
import type { RouteHandle } from "./layouts/route-title";
import { ScrollToTop } from "./layouts/scroll-to-top";
import { CloseDialogsOnLeave } from "./layouts/close-dialogs-on-leave";
import { DocumentHead } from "./layouts/document-head";
import { NotFoundPage } from "./routes/not-found-page";

type Load = () => Promise<ComponentType>;

/** The page of every route, loaded on demand (one chunk per page); the compiler asks for one per route. */
export const pages: Record<RouteName, Load> = {
  home: () => import("@/features/operator/pages/connect-page").then((m) => m.ConnectPage),
  adminLogin: () => import("@/features/admin/pages/admin-login-page").then((m) => m.AdminLoginPage),
  adminVerifyOtp: () => import("@/features/admin/pages/verify-otp-page").then((m) => m.VerifyOtpPage),
  network: () => import("@/features/network/pages/network-page").then((m) => m.NetworkPage),
  faq: () => import("@/features/faq/pages/faq-page").then((m) => m.FaqPage),
  viewProfile: () => import("@/features/operator/pages/view-profile-page").then((m) => m.ViewProfilePage),
  editProfile: () => import("@/features/operator/pages/edit-profile-page").then((m) => m.EditProfilePage),
  adminSiteSetting: () => import("@/features/setting/pages/site-setting-page").then((m) => m.SiteSettingPage),
  listNode: () => import("@/features/node/pages/node-list-page").then((m) => m.NodeListPage),
  addNode: () => import("@/features/node/pages/add-node-page").then((m) => m.AddNodePage),
  editNode: () => import("@/features/node/pages/edit-node-page").then((m) => m.EditNodePage),
  adminListNode: () => import("@/features/node/pages/admin-node-list-page").then((m) => m.AdminNodeListPage),
  adminEditNode: () => import("@/features/node/pages/admin-edit-node-page").then((m) => m.AdminEditNodePage),
  listJob: () => import("@/features/job/pages/job-list-page").then((m) => m.JobListPage),
  editJob: () => import("@/features/job/pages/edit-job-page").then((m) => m.EditJobPage),
  adminListJob: () => import("@/features/job/pages/admin-job-list-page").then((m) => m.AdminJobListPage),
  adminEditJob: () => import("@/features/job/pages/admin-edit-job-page").then((m) => m.AdminEditJobPage),
  adminListStakeRequest: () =>
    import("@/features/stake-request/pages/admin-request-list-page").then((m) => m.AdminStakeRequestListPage),
  adminEditStakeRequest: () =>
    import("@/features/stake-request/pages/admin-edit-request-page").then((m) => m.AdminEditStakeRequestPage),
  adminListStake: () => import("@/features/stake/pages/admin-stake-list-page").then((m) => m.AdminStakeListPage),
  adminEditStake: () => import("@/features/stake/pages/admin-edit-stake-page").then((m) => m.AdminEditStakePage),
  deposit: () => import("@/features/stake/pages/deposit-page").then((m) => m.DepositPage),
  transactions: () => import("@/features/stake/pages/transactions-page").then((m) => m.TransactionsPage),
  additionalStake: () => import("@/features/stake/pages/additional-stake-page").then((m) => m.AdditionalStakePage),
  listWallet: () => import("@/features/stake/pages/my-wallet-page").then((m) => m.MyWalletPage),
  dashboard: () => import("@/features/dashboard/pages/dashboard-page").then((m) => m.DashboardPage),
  adminDashboard: () => import("@/features/dashboard/pages/admin-dashboard-page").then((m) => m.AdminDashboardPage),
  listIncentive: () => import("@/features/incentive/pages/incentive-list-page").then((m) => m.IncentiveListPage),
  viewIncentive: () => import("@/features/incentive/pages/incentive-page").then((m) => m.IncentivePage),
  adminListIncentive: () =>
    import("@/features/incentive/pages/admin-incentive-list-page").then((m) => m.AdminIncentiveListPage),
  adminEditIncentive: () =>
    import("@/features/incentive/pages/admin-edit-incentive-page").then((m) => m.AdminEditIncentivePage),
  listTicket: () =>
    import("@/features/ticket/pages/ticket-list-page").then((m) => () => <m.TicketListPage variant="user" />),
  viewTicket: () => import("@/features/ticket/pages/ticket-page").then((m) => () => <m.TicketPage variant="user" />),
  adminListOperator: () =>
    import("@/features/operator/pages/admin-operator-list-page").then((m) => m.AdminOperatorListPage),
  adminListTicket: () =>
    import("@/features/ticket/pages/ticket-list-page").then((m) => () => <m.TicketListPage variant="admin" />),
  adminViewTicket: () =>
    import("@/features/ticket/pages/ticket-page").then((m) => () => <m.TicketPage variant="admin" />),
  adminListAudit: () => import("@/features/audit/pages/audit-log-page").then((m) => m.AuditLogPage),
  listRpc: () => import("@/features/rpcurl/pages/rpc-list-page").then((m) => () => <m.RpcListPage variant="user" />),
  addRpc: () => import("@/features/rpcurl/pages/add-rpc-page").then((m) => () => <m.AddRpcPage variant="user" />),
  editRpc: () => import("@/features/rpcurl/pages/edit-rpc-page").then((m) => () => <m.EditRpcPage variant="user" />),
  adminListRpc: () =>
    import("@/features/rpcurl/pages/rpc-list-page").then((m) => () => <m.RpcListPage variant="admin" />),
  adminAddRpc: () => import("@/features/rpcurl/pages/add-rpc-page").then((m) => () => <m.AddRpcPage variant="admin" />),
  adminListValidator: () => import("@/features/validator/pages/validator-list-page").then((m) => m.ValidatorListPage),
  adminListInvite: () => import("@/features/invite/pages/invite-list-page").then((m) => m.InviteListPage),
  adminSafeQueue: () => import("@/features/safe/pages/safe-queue-page").then((m) => m.SafeQueuePage),
  adminEditRpc: () =>
    import("@/features/rpcurl/pages/edit-rpc-page").then((m) => () => <m.EditRpcPage variant="admin" />),
};

/** What keeps each public page for the visitors it is meant for (signed-in people go to their dashboard). */
export const publicGates: Record<RouteNameOf<"public">, ComponentType> = {
  home: SignedInOperatorGate,
  adminLogin: AdminLoginGate,
  adminVerifyOtp: OtpGate,
  network: Outlet,
};

/** Public pages that show the network to anyone: the full width of the screen rather than the sign-in column. */
const WIDE_PUBLIC: readonly RouteNameOf<"public">[] = ["network"];

const layouts = {
  /** The signed-in frames bring the rest of Mantine's styles (the first screens load only their own, main.tsx). */
  chain: async () => {
    const [{ ChainScope }] = await Promise.all([
      import("./providers/chain-provider"),
      import("@/shared/theme/all-styles"),
    ]);
    return { Component: ChainScope };
  },
  operator: async () => ({ Component: (await import("./layouts/operator-layout")).OperatorLayout }),
  admin: async () => ({ Component: (await import("./layouts/admin-layout")).AdminLayout }),
};

/** A route of the registry with its page loaded on demand. */
const page = (name: RouteName): RouteObject => ({
  path: routes[name].path,
  handle: { title: routes[name].title, back: routes[name].back } satisfies RouteHandle,
  lazy: async () => ({ Component: await pages[name]() }),
});

const namesOf = <A extends "operator" | "admin">(access: A) =>
  (Object.keys(routes) as RouteName[]).filter((name): name is RouteNameOf<A> => routes[name].access === access);
const publicNames = Object.keys(publicGates) as RouteNameOf<"public">[];
const publicGroup = (wide: boolean): RouteObject => ({
  element: <PublicLayout wide={wide} />,
  children: publicNames
    .filter((name) => WIDE_PUBLIC.includes(name) === wide)
    .map((name) => {
      const Gate = publicGates[name];
      return { element: <Gate />, children: [page(name)] };
    }),
});

/** The route tree, built from the registry: each route sits behind the guard and frame of its access. */
export const routeTree = (): RouteObject[] => [
  {
    element: (
      <>
        <ScrollToTop />
        <CloseDialogsOnLeave />
        <DocumentHead />
        <Outlet />
      </>
    ),
    children: [
      publicGroup(false),
      publicGroup(true),
      {
        lazy: layouts.chain,
        children: [
          {
            element: <RequireOperator />,
            children: [{ lazy: layouts.operator, children: namesOf("operator").map(page) }],
          },
          { element: <RequireAdmin />, children: [{ lazy: layouts.admin, children: namesOf("admin").map(page) }] },
        ],
      },
      ...redirects.map(({ path, to }) => ({ path, element: <Navigate to={routes[to].path} replace /> })),
      { element: <PublicLayout />, children: [{ path: "*", element: <NotFoundPage /> }] },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routeTree());
export type AppRouter = ReturnType<typeof createRouter>;
