import type { ComponentType } from "react";
import { createBrowserRouter, Outlet, type RouteObject } from "react-router-dom";
import { routes, type RouteName } from "@/shared/config/routes";
import { AdminLoginGate, OtpGate, RequireAdmin, RequireOperator, SignedInOperatorGate } from "./guards/guards";
import { PublicLayout } from "./layouts/public-layout";
import type { RouteHandle } from "./layouts/route-title";
import { ScrollToTop } from "./layouts/scroll-to-top";
import { NotFoundPage } from "./routes/not-found-page";
import { UpcomingPage } from "./routes/upcoming-page";

type Load = () => Promise<ComponentType>;

/** A route of the registry whose page is loaded on demand (one chunk per feature). */
const page = (name: RouteName, load?: Load): RouteObject => ({
  path: routes[name].path,
  handle: { title: routes[name].title, back: routes[name].back } satisfies RouteHandle,
  ...(load ? { lazy: async () => ({ Component: await load() }) } : { Component: UpcomingPage }),
});

const pages = {
  connect: () => import("@/features/operator/pages/connect-page").then((m) => m.ConnectPage),
  adminLogin: () => import("@/features/admin/pages/admin-login-page").then((m) => m.AdminLoginPage),
  verifyOtp: () => import("@/features/admin/pages/verify-otp-page").then((m) => m.VerifyOtpPage),
  faq: () => import("@/features/faq/pages/faq-page").then((m) => m.FaqPage),
  viewProfile: () => import("@/features/operator/pages/view-profile-page").then((m) => m.ViewProfilePage),
  editProfile: () => import("@/features/operator/pages/edit-profile-page").then((m) => m.EditProfilePage),
  siteSetting: () => import("@/features/setting/pages/site-setting-page").then((m) => m.SiteSettingPage),
  listNode: () => import("@/features/node/pages/node-list-page").then((m) => m.NodeListPage),
  addNode: () => import("@/features/node/pages/add-node-page").then((m) => m.AddNodePage),
  editNode: () => import("@/features/node/pages/edit-node-page").then((m) => m.EditNodePage),
  adminListNode: () => import("@/features/node/pages/admin-node-list-page").then((m) => m.AdminNodeListPage),
  adminEditNode: () => import("@/features/node/pages/admin-edit-node-page").then((m) => m.AdminEditNodePage),
  listJob: () => import("@/features/job/pages/job-list-page").then((m) => m.JobListPage),
  editJob: () => import("@/features/job/pages/edit-job-page").then((m) => m.EditJobPage),
  adminListJob: () => import("@/features/job/pages/admin-job-list-page").then((m) => m.AdminJobListPage),
  adminEditJob: () => import("@/features/job/pages/admin-edit-job-page").then((m) => m.AdminEditJobPage),
  adminListStakeRequest: () => import("@/features/stake-request/pages/admin-request-list-page").then((m) => m.AdminStakeRequestListPage),
  adminEditStakeRequest: () => import("@/features/stake-request/pages/admin-edit-request-page").then((m) => m.AdminEditStakeRequestPage),
  adminListStake: () => import("@/features/stake/pages/admin-stake-list-page").then((m) => m.AdminStakeListPage),
  adminEditStake: () => import("@/features/stake/pages/admin-edit-stake-page").then((m) => m.AdminEditStakePage),
  deposit: () => import("@/features/stake/pages/deposit-page").then((m) => m.DepositPage),
  transactions: () => import("@/features/stake/pages/transactions-page").then((m) => m.TransactionsPage),
  additionalStake: () => import("@/features/stake/pages/additional-stake-page").then((m) => m.AdditionalStakePage),
  listWallet: () => import("@/features/stake/pages/my-wallet-page").then((m) => m.MyWalletPage),
  dashboard: () => import("@/features/dashboard/pages/dashboard-page").then((m) => m.DashboardPage),
  adminDashboard: () => import("@/features/dashboard/pages/admin-dashboard-page").then((m) => m.AdminDashboardPage),
  listIncentive: () => import("@/features/incentive/pages/incentive-list-page").then((m) => m.IncentiveListPage),
  adminListIncentive: () => import("@/features/incentive/pages/admin-incentive-list-page").then((m) => m.AdminIncentiveListPage),
  adminEditIncentive: () => import("@/features/incentive/pages/admin-edit-incentive-page").then((m) => m.AdminEditIncentivePage),
  tickets: (variant: "user" | "admin") => ({
    list: () => import("@/features/ticket/pages/ticket-list-page").then((m) => () => <m.TicketListPage variant={variant} />),
    view: () => import("@/features/ticket/pages/ticket-page").then((m) => () => <m.TicketPage variant={variant} />),
  }),
  rpc: (variant: "user" | "admin") => ({
    list: () => import("@/features/rpcurl/pages/rpc-list-page").then((m) => () => <m.RpcListPage variant={variant} />),
    add: () => import("@/features/rpcurl/pages/add-rpc-page").then((m) => () => <m.AddRpcPage variant={variant} />),
    edit: () => import("@/features/rpcurl/pages/edit-rpc-page").then((m) => () => <m.EditRpcPage variant={variant} />),
  }),
} satisfies Record<string, Load | ((variant: "user" | "admin") => Record<string, Load>)>;

const layouts = {
  operator: async () => ({ Component: (await import("./layouts/operator-layout")).OperatorLayout }),
  admin: async () => ({ Component: (await import("./layouts/admin-layout")).AdminLayout }),
};

/** Routes whose screens come in later releases: the frame, their title and an 'upcoming' note. */
const UPCOMING_USER: RouteName[] = [];
const UPCOMING_ADMIN: RouteName[] = [];

const operatorRpc = pages.rpc("user");
const adminRpc = pages.rpc("admin");
const operatorTickets = pages.tickets("user");
const adminTickets = pages.tickets("admin");

export const createRouter = () =>
  createBrowserRouter([
    {
      element: (
        <>
          <ScrollToTop />
          <Outlet />
        </>
      ),
      children: [
        {
          element: <PublicLayout />,
          children: [
            { element: <SignedInOperatorGate />, children: [page("home", pages.connect)] },
            { element: <AdminLoginGate />, children: [page("adminLogin", pages.adminLogin)] },
            { element: <OtpGate />, children: [page("adminVerifyOtp", pages.verifyOtp)] },
          ],
        },
        {
          element: <RequireOperator />,
          children: [
            {
              lazy: layouts.operator,
              children: [
                ...UPCOMING_USER.map((name) => page(name)),
                page("dashboard", pages.dashboard),
                page("listIncentive", pages.listIncentive),
                page("listNode", pages.listNode),
                page("addNode", pages.addNode),
                page("editNode", pages.editNode),
                page("listJob", pages.listJob),
                page("editJob", pages.editJob),
                page("deposit", pages.deposit),
                page("transactions", pages.transactions),
                page("additionalStake", pages.additionalStake),
                page("listWallet", pages.listWallet),
                page("listRpc", operatorRpc.list),
                page("addRpc", operatorRpc.add),
                page("editRpc", operatorRpc.edit),
                page("viewProfile", pages.viewProfile),
                page("editProfile", pages.editProfile),
                page("faq", pages.faq),
                page("listTicket", operatorTickets.list),
                page("viewTicket", operatorTickets.view),
              ],
            },
          ],
        },
        {
          element: <RequireAdmin />,
          children: [
            {
              lazy: layouts.admin,
              children: [
                ...UPCOMING_ADMIN.map((name) => page(name)),
                page("adminDashboard", pages.adminDashboard),
                page("adminListIncentive", pages.adminListIncentive),
                page("adminEditIncentive", pages.adminEditIncentive),
                page("adminSiteSetting", pages.siteSetting),
                page("adminListNode", pages.adminListNode),
                page("adminEditNode", pages.adminEditNode),
                page("adminListJob", pages.adminListJob),
                page("adminEditJob", pages.adminEditJob),
                page("adminListStakeRequest", pages.adminListStakeRequest),
                page("adminEditStakeRequest", pages.adminEditStakeRequest),
                page("adminListStake", pages.adminListStake),
                page("adminEditStake", pages.adminEditStake),
                page("adminListRpc", adminRpc.list),
                page("adminAddRpc", adminRpc.add),
                page("adminEditRpc", adminRpc.edit),
                page("adminListTicket", adminTickets.list),
                page("adminViewTicket", adminTickets.view),
              ],
            },
          ],
        },
        { element: <PublicLayout />, children: [{ path: "*", element: <NotFoundPage /> }] },
      ],
    },
  ]);
