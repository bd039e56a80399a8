/** Names of what the stack keeps under its data folder. */
export const STACK_DATABASE = "pli";
/** Written while the stack runs, so tools like admin:create find its database. */
export const RUNTIME_FILE = "runtime.json";
export const DEMO_ADMIN_FILE = "demo-admin.json";
export const JWT_SECRET_FILE = "jwt-secret";
/** The passwords of the portal's database roles on the embedded Postgres. */
export const DATABASE_ROLES_FILE = "database-roles.json";
export const DEPLOYMENT_FILE = "deployment.json";
