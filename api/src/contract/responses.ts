import type { Twofa, UserRole, UserType } from "./domain.ts";

/** Response bodies of the API, as the web app reads them. */
export interface Paged<T> {
  docs: T[];
  totalDocs: number;
  page: number;
  limit: number;
  totalPages: number;
}

export interface SessionClaims {
  sub: string;
  userType: UserType;
  walletAddress?: string;
  name: string;
  email: string;
  exp: number;
}

export interface UserResponse {
  _id: string;
  walletAddress: string;
  email: string;
  userType: UserType;
  userRole: UserRole;
  twofa: Twofa;
  createdAt: string;
}

export interface SettingResponse {
  _id: string;
  applicationName: string;
  applicationEmail: string;
  logoUrl: string;
  contactNo: string;
  address: string;
  minimumStake: string;
  maximumStake: string;
  multiplyOf: string;
  incentivePercentage: string;
}

export interface RpcUrlResponse {
  _id: string;
  name: string;
  provider: string;
  rpc: string;
  wss: string;
  owner: { type: UserType; id: string };
  createdAt: string;
}

export interface ChainConfigResponse {
  chainId: number;
  rpcUrl: string;
  wsUrl?: string;
  contracts: { pliToken: `0x${string}`; stakingRewards: `0x${string}`; pluginFarm: `0x${string}` };
  explorer: { txUrl: string; addressUrl: string };
}
