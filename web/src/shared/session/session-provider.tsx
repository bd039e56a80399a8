import type { SessionClaims } from "@pli/api/public-contract";
import { useQueryClient } from "@tanstack/react-query";
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from "react";
import type { Address } from "viem";
import { endServerSessions, onUnauthorized } from "../api/http";
import {
  clearSignedInRecords,
  decodeSession,
  registerDetailStore,
  TOKEN_STORAGE_KEY,
  tokenStore,
  type RegisterDetail,
} from "./token-store";

interface Session {
  claims: SessionClaims | null;
  /** The wallet an operator signed in with (chain actions must come from it). */
  wallet: Address | undefined;
  isOperator: boolean;
  isAdmin: boolean;
  registerDetail: RegisterDetail | null;
  signIn(token: string): SessionClaims | null;
  /** Ends the session here (a refused or foreign session). */
  signOut(): void;
  /** Logout: ends the session on the server too (every session of the account), then here. */
  logOut(): void;
  holdRegisterDetail(detail: RegisterDetail): void;
}

const SessionContext = createContext<Session | null>(null);
const EXPIRY_CHECK_MS = 15_000;
/** A 0x address (the token's is the checksummed one the server signed in): no wallet library on the sign-in pages. */
const ADDRESS = /^0x[0-9a-fA-F]{40}$/;

/** The session restored from `jwtToken` on load; an expired or refused token signs the person out. */
export function SessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [claims, setClaims] = useState<SessionClaims | null>(() => {
    const restored = decodeSession(tokenStore.get());
    if (!restored) tokenStore.clear();
    return restored;
  });
  const [registerDetail, setRegisterDetail] = useState(registerDetailStore.get);

  const signOut = useCallback(() => {
    tokenStore.clear();
    registerDetailStore.clear();
    clearSignedInRecords();
    setRegisterDetail(null);
    setClaims(null);
    queryClient.clear();
  }, [queryClient]);

  const logOut = useCallback(() => {
    const token = tokenStore.get();
    signOut();
    if (token) void endServerSessions(token);
  }, [signOut]);

  const signIn = useCallback((token: string) => {
    const next = decodeSession(token);
    if (next) tokenStore.set(token);
    registerDetailStore.clear();
    setRegisterDetail(null);
    setClaims(next);
    return next;
  }, []);

  const holdRegisterDetail = useCallback((detail: RegisterDetail) => {
    registerDetailStore.set(detail);
    setRegisterDetail(detail);
  }, []);

  useEffect(() => onUnauthorized(signOut), [signOut]);
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key !== null && event.key !== TOKEN_STORAGE_KEY) return;
      const next = decodeSession(tokenStore.get());
      if (next?.sub !== claims?.sub || next?.userType !== claims?.userType) signOut();
    };
    window.addEventListener("storage", onStorage);
    return () => window.removeEventListener("storage", onStorage);
  }, [claims, signOut]);
  useEffect(() => {
    if (!claims) return;
    const timer = setInterval(() => {
      if (!decodeSession(tokenStore.get())) signOut();
    }, EXPIRY_CHECK_MS);
    return () => clearInterval(timer);
  }, [claims, signOut]);

  const value = useMemo<Session>(() => {
    const wallet =
      claims?.walletAddress && ADDRESS.test(claims.walletAddress) ? (claims.walletAddress as Address) : undefined;
    return {
      claims,
      wallet,
      isOperator: claims?.userType === "user",
      isAdmin: claims?.userType === "admin",
      registerDetail,
      signIn,
      signOut,
      logOut,
      holdRegisterDetail,
    };
  }, [claims, registerDetail, signIn, signOut, logOut, holdRegisterDetail]);
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error("useSession needs a SessionProvider");
  return session;
}
