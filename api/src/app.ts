import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { secureHeaders } from "hono/secure-headers";
import { adminRoutes } from "./admin/routes.ts";
import type { AppEnv, Deps } from "./app-env.ts";
import { readSession } from "./auth/middleware.ts";
import { chainConfigRoutes } from "./chain-config/routes.ts";
import { API, MESSAGES } from "./contract/index.ts";
import { healthRoutes } from "./health/routes.ts";
import { openApiRoutes } from "./openapi/routes.ts";
import { rpcUrlRoutes } from "./rpcurl/routes.ts";
import { settingRoutes } from "./settings/routes.ts";
import { AppError, handleError } from "./shared/errors.ts";
import { staticRoutes, uploadRoutes } from "./upload/routes.ts";
import { userRoutes } from "./user/routes.ts";

/** The HTTP application; `deps` are created once by the server (or by a test). */
export function createApp(deps: Deps) {
  const generalBodyLimit = bodyLimit({
    maxSize: deps.config.BODY_LIMIT_BYTES,
    onError: () => {
      throw new AppError("payloadTooLarge", "Request body too large");
    },
  });
  const app = new Hono<AppEnv>({ strict: false })
    .use(secureHeaders({ crossOriginResourcePolicy: "same-site" }))
    .use(async (c, next) => {
      c.set("deps", deps);
      await next();
    })
    .use(async (c, next) => (c.req.path.replace(/\/+$/, "") === API.upload ? next() : generalBodyLimit(c, next)))
    .use(readSession)
    .route(API.health, healthRoutes)
    .route(API.config, chainConfigRoutes)
    .route("/api/user", userRoutes)
    .route("/api/admin", adminRoutes)
    .route(API.setting, settingRoutes)
    .route(API.rpcurl.root, rpcUrlRoutes)
    .route(API.upload, uploadRoutes)
    .route(API.staticFiles, staticRoutes)
    .route("/api", openApiRoutes);
  app.notFound(() => {
    throw new AppError("notFound", MESSAGES.notFound);
  });
  app.onError((error, c) => handleError(error, c, deps.log));
  return app;
}

export type AppType = ReturnType<typeof createApp>;
