/** API paths (spec section 7), used by the routes and the web client alike. */
export const API = {
  health: "/api/health",
  config: "/api/config",
  openapi: "/api/openapi.json",
  docs: "/api/docs",
  user: {
    root: "/api/user",
    siwe: "/api/user/siwe",
    login: "/api/user/login",
    twofaSetup: "/api/user/2fa/setup",
    twofaEnable: "/api/user/2fa/enable",
    twofaDisable: "/api/user/2fa/disable",
  },
  admin: {
    login: "/api/admin/login",
    verifyOtp: "/api/admin/verifyotp",
    resendOtp: "/api/admin/resendemailotp",
    update: "/api/admin/update",
  },
  setting: "/api/setting",
  upload: "/upload",
  staticFiles: "/static",
  rpcurl: {
    root: "/api/rpcurl",
    edit: "/api/rpcurl/edit",
    delete: "/api/rpcurl/delete",
  },
} as const;
