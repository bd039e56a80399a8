import type { Generated } from "kysely";
import type { Timestamp } from "../shared/table-types.ts";

export interface RpcUrlTable {
  id: Generated<string>;
  owner_type: "user" | "admin";
  owner_id: string;
  name: string;
  provider: string;
  rpc: string;
  wss: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface RpcUrlTables {
  "app.rpc_url": RpcUrlTable;
}
