import { Hono } from "hono";

/** Ponder requires an API module; readers query the `chain` views in Postgres instead of HTTP. */
export default new Hono();
