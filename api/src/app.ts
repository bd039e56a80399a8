import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { secureHeaders } from "hono/secure-headers";
import type { AppEnv, Deps } from "./app-env.ts";
import { chainConfigRoutes } from "./chain-config/routes.ts";
import { healthRoutes } from "./health/routes.ts";
import { AppError, handleError } from "./shared/errors.ts";

/** The HTTP application; `deps` are created once by the server (or by a test). */
export function createApp(deps: Deps) {
  const app = new Hono<AppEnv>()
    .use(secureHeaders())
    .use(async (c, next) => {
      c.set("deps", deps);
      await next();
    })
    .use(
      bodyLimit({
        maxSize: deps.config.BODY_LIMIT_BYTES,
        onError: () => {
          throw new AppError("payloadTooLarge", "Request body too large");
        },
      }),
    )
    .route("/api/health", healthRoutes)
    .route("/api/config", chainConfigRoutes);
  app.notFound(() => {
    throw new AppError("notFound", "Not found");
  });
  app.onError((error, c) => handleError(error, c, deps.log));
  return app;
}

export type AppType = ReturnType<typeof createApp>;
