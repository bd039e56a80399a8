import type { MiddlewareHandler } from "hono";
import { secureHeaders } from "hono/secure-headers";

const originOf = (url: string | undefined) => (url ? new URL(url).origin : undefined);

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
  const app = secureHeaders({
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
  });
  const inert = secureHeaders({ contentSecurityPolicy: { defaultSrc: ["'none'"], sandbox: [] }, ...common });
  return (c, next) => (c.req.path.startsWith(`${inertPrefix}/`) ? inert(c, next) : app(c, next));
}
