import { createBrowserRouter } from "react-router-dom";
import { ConnectPage } from "../features/auth/pages/connect-page";
import { PublicLayout } from "./layouts/public-layout";
import { paths } from "./paths";
import { NotFoundPage } from "./routes/not-found-page";

export const createRouter = () =>
  createBrowserRouter([
    {
      element: <PublicLayout />,
      children: [
        { path: paths.home.path, element: <ConnectPage /> },
        { path: "*", element: <NotFoundPage /> },
      ],
    },
  ]);
