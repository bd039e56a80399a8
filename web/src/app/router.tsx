import type { ReactNode } from "react";
import { createBrowserRouter, Outlet, type RouteObject } from "react-router-dom";
import { AdminLoginPage } from "../features/admin-auth/pages/admin-login-page";
import { VerifyOtpPage } from "../features/admin-auth/pages/verify-otp-page";
import { ConnectPage } from "../features/auth/pages/connect-page";
import { FaqPage } from "../features/faq/pages/faq-page";
import { EditProfilePage } from "../features/profile/pages/edit-profile-page";
import { ViewProfilePage } from "../features/profile/pages/view-profile-page";
import { AddRpcPage } from "../features/rpc/pages/add-rpc-page";
import { EditRpcPage } from "../features/rpc/pages/edit-rpc-page";
import { RpcListPage } from "../features/rpc/pages/rpc-list-page";
import { SiteSettingPage } from "../features/settings/pages/site-setting-page";
import { routes, type RouteName } from "../shared/config/routes";
import { AdminLoginGate, OtpGate, RequireAdmin, RequireUser, SignedInUserGate } from "./guards/guards";
import { AdminLayout } from "./layouts/admin-layout";
import { OperatorLayout } from "./layouts/operator-layout";
import { PublicLayout } from "./layouts/public-layout";
import { ScrollToTop } from "./layouts/scroll-to-top";
import { NotFoundPage } from "./routes/not-found-page";
import { RouteTitlePage } from "./routes/route-title-page";

const page = (name: RouteName, element: ReactNode = <RouteTitlePage />): RouteObject => ({
  path: routes[name].path,
  element,
  handle: { title: routes[name].title },
});

/** Routes whose screens come in later releases: the frame and their title. */
const LATER_USER: RouteName[] = ["dashboard", "listNode", "addNode", "editNode", "deposit", "transactions", "listIncentive", "listJob", "editJob", "listIssue", "listWallet", "additionalStake"];
const LATER_ADMIN: RouteName[] = ["adminDashboard", "adminListRequest", "adminEditRequest", "adminListStake", "adminEditStake", "adminListIncentive", "adminEditIncentive", "adminListNode", "adminEditNode", "adminListJob", "adminEditJob"];

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
            { element: <SignedInUserGate />, children: [page("home", <ConnectPage />)] },
            { element: <AdminLoginGate />, children: [page("adminLogin", <AdminLoginPage />)] },
            { element: <OtpGate />, children: [page("adminVerifyOtp", <VerifyOtpPage />)] },
          ],
        },
        {
          element: <RequireUser />,
          children: [
            {
              element: <OperatorLayout />,
              children: [
                ...LATER_USER.map((name) => page(name)),
                page("listRpc", <RpcListPage variant="user" />),
                page("addRpc", <AddRpcPage variant="user" />),
                page("editRpc", <EditRpcPage variant="user" />),
                page("viewProfile", <ViewProfilePage />),
                page("editProfile", <EditProfilePage />),
                page("faq", <FaqPage />),
              ],
            },
          ],
        },
        {
          element: <RequireAdmin />,
          children: [
            {
              element: <AdminLayout />,
              children: [
                ...LATER_ADMIN.map((name) => page(name)),
                page("adminSiteSetting", <SiteSettingPage />),
                page("adminListRpc", <RpcListPage variant="admin" />),
                page("adminAddRpc", <AddRpcPage variant="admin" />),
                page("adminEditRpc", <EditRpcPage variant="admin" />),
              ],
            },
          ],
        },
        { element: <PublicLayout />, children: [{ path: "*", element: <NotFoundPage /> }] },
      ],
    },
  ]);
