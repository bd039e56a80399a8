import { OpenAPIHono } from "@hono/zod-openapi";
import { bodyLimit } from "hono/body-limit";
import type { MergeSchemaPath } from "hono/types";
import type { AppEnv, Deps } from "./app-env.ts";
import { readSession } from "./auth/middleware.ts";
import * as featureRoutes from "./feature-routes.ts";
import { API, MESSAGES } from "./public-contract/index.ts";
import { countRequests } from "./metrics/http.ts";
import { OPENAPI_INFO } from "./openapi/document.ts";
import { openApiRoutes } from "./openapi/routes.ts";
import { compressJson } from "./shared/compression.ts";
import { refuseControlCharacters } from "./shared/control-characters.ts";
import { drainUnreadBody } from "./shared/drain.ts";
import { AppError, handleError } from "./shared/errors.ts";
import { bodyTooLarge, readDeclaredJsonBody } from "./shared/json-body.ts";
import { requestIdentity, requestLog } from "./shared/request-log.ts";
import { rejectInvalid } from "./shared/validate.ts";
import { uploadLimit } from "./upload/routes.ts";
import { webAppRoutes } from "./web-app/routes.ts";
import { securityHeaders } from "./web-app/security-headers.ts";

type MountedSchema<Router> = Router extends OpenAPIHono<AppEnv, infer S, "/"> ? MergeSchemaPath<S, "/"> : never;
/**
 * What `.route("/", router)` for each feature router would give: the union of their schemas, which types hc<AppType>.
 */
type FeatureSchema = MountedSchema<(typeof featureRoutes)[keyof typeof featureRoutes]>;

/**
 * Every feature's routes, all mounted at the root: each route declares its full path (from its schema.ts). Their
 * declarations make the OpenAPI document and AppType.
 */
function routes() {
  const app = new OpenAPIHono<AppEnv>({ strict: false, defaultHook: rejectInvalid });
  for (const router of Object.values(featureRoutes)) app.route("/", router);
  return app as OpenAPIHono<AppEnv, FeatureSchema, "/">;
}

type OpenApiDocument = ReturnType<OpenAPIHono["getOpenAPI31Document"]>;

let document: OpenApiDocument | undefined;

/**
 * The OpenAPI document of the routes' declarations: the same for every app of the process, so made once, when first
 * asked for. Making it takes zod-to-openapi about 70-160 ms, which every app made at its start before (each test app,
 * each API start) though few ever serve it.
 */
function openApiDocument(): OpenApiDocument {
  if (document) return document;
  const features = routes();
  features.openAPIRegistry.registerComponent("securitySchemes", "bearer", {
    type: "http",
    scheme: "bearer",
    bearerFormat: "JWT",
  });
  return (document = features.getOpenAPI31Document(OPENAPI_INFO));
}

/**
 * Requests that change nothing. Any other request this instance answers with a success empties its
 * answer cache before the answer leaves, so the writer reads its own write at once; a refused request
 * (401, 404, a 4xx or 5xx) empties nothing: had it written anything, the database announces it
 * (migration answer-invalidation), so a stranger's refused POSTs cannot flush every list answer.
 */
const READ_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** The HTTP application; `deps` are created once by the server (or by a test). */
export function createApp(deps: Deps) {
  const generalBodyLimit = bodyLimit({
    maxSize: deps.config.BODY_LIMIT_BYTES,
    onError: () => {
      throw bodyTooLarge();
    },
  });
  const features = routes();
  const app = new OpenAPIHono<AppEnv>({ strict: false }).use((c, next) => {
    c.set("deps", deps);
    return requestIdentity(c, next);
  });
  if (deps.requestMetrics) app.use(countRequests(deps.requestMetrics));
  app
    .use(requestLog)
    .use(
      securityHeaders({
        publicUrl: deps.config.PUBLIC_URL,
        rpcUrl: deps.config.RPC_URL,
        wsUrl: deps.config.WS_URL,
        inertPrefix: API.staticFiles,
      }),
    )
    .use(compressJson)
    .use(async (c, next) => {
      // The body's limit before the request is read, and the answer cache emptied after a write: one layer a read passes.
      if (READ_METHODS.has(c.req.method)) return next();
      if (c.req.path.replace(/\/+$/, "") === API.upload) await uploadLimit(c, next);
      else if (await readDeclaredJsonBody(c, deps.config.BODY_LIMIT_BYTES)) await next();
      else await generalBodyLimit(c, next);
      if (!c.get("readOnly") && c.res.ok) deps.live.answers.written();
    })
    .use(refuseControlCharacters)
    .use(readSession)
    .route("/", features)
    .route("/", openApiRoutes(openApiDocument));
  if (deps.config.WEB_DIST_DIR) app.route("/", webAppRoutes(deps.config.WEB_DIST_DIR));
  app.notFound(() => {
    throw new AppError("notFound", MESSAGES.notFound);
  });
  app.onError(async (error, c) => {
    await drainUnreadBody(c.req.raw);
    return handleError(error, c);
  });
  return app;
}

export type AppType = ReturnType<typeof routes>;
