import type { PublicClient } from "viem";
import type { Config } from "./config.ts";
import type { Db } from "./db/database.ts";

/** What every route can reach through `c.var.deps`. */
export interface Deps {
  config: Config;
  db: Db;
  chain: PublicClient;
  log: (line: string) => void;
}

export interface AppEnv {
  Variables: { deps: Deps };
}
