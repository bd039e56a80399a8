import { Hono, type MiddlewareHandler } from "hono";
import { secureHeaders } from "hono/secure-headers";
import { nodeResponseOf } from "../shared/node-bindings.ts";

const originOf = (url: string | undefined) => (url ? new URL(url).origin : undefined);

/** The headers `middleware` adds to an answer, read once from an answer it made. */
async function headersOf(middleware: MiddlewareHandler): Promise<[string, string][]> {
  const answer = await new Hono()
    .use(middleware)
    .all("*", (c) => c.body(null))
    .request("/");
  return [...answer.headers];
}

/**
 * `middleware`'s headers, written to Node's response before the answer is made when @hono/node-server serves the
 * request (the answer's own headers are then written beside them), else added by `middleware` itself. Added to the
 * answer, they cost an answer from the answer cache more than the rest of its work: its few headers become a fetch
 * Headers object, each one validated again as it is set and listed again for Node.
 */
function throughNode(middleware: MiddlewareHandler): MiddlewareHandler {
  const reading = headersOf(middleware);
  let headers: [string, string][] | undefined;
  return async (c, next) => {
    const out = nodeResponseOf(c);
    if (!out) return middleware(c, next);
    // Awaited once: every later request sets them without waiting a turn of the microtask queue.
    headers ??= await reading;
    for (const [name, value] of headers) out.setHeader(name, value);
    return next();
  };
}

/**
 * Security headers for every response: a strict Content-Security-Policy (scripts from this origin only;
 * the browser may call only this origin and the chain's RPC endpoints), no framing, no MIME sniffing,
 * a same-origin referrer, and HSTS when the portal is served over https. Files under `inertPrefix`
 * (uploads) get a policy that runs nothing at all.
 */
export function securityHeaders({
  publicUrl,
  rpcUrl,
  wsUrl,
  inertPrefix,
}: {
  publicUrl: string;
  rpcUrl: string;
  wsUrl?: string;
  inertPrefix: string;
}): MiddlewareHandler {
  const https = new URL(publicUrl).protocol === "https:";
  const chainOrigins = [originOf(rpcUrl), originOf(wsUrl)].filter((origin): origin is string => Boolean(origin));
  const common = {
    xFrameOptions: "DENY",
    xContentTypeOptions: "nosniff",
    referrerPolicy: "strict-origin-when-cross-origin",
    strictTransportSecurity: https ? "max-age=31536000; includeSubDomains" : false,
    crossOriginResourcePolicy: "same-site",
  } as const;
  const app = throughNode(
    secureHeaders({
      contentSecurityPolicy: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:", "blob:"],
        fontSrc: ["'self'", "data:"],
        connectSrc: ["'self'", ...chainOrigins],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
      ...common,
    }),
  );
  const inert = throughNode(
    secureHeaders({ contentSecurityPolicy: { defaultSrc: ["'none'"], sandbox: [] }, ...common }),
  );
  return (c, next) => (c.req.path.startsWith(`${inertPrefix}/`) ? inert(c, next) : app(c, next));
}
