import { Outlet } from "react-router-dom";
import { ChainProvider } from "@/chain/chain-provider";

/** The signed-in frames, below the wagmi setup: the sign-in pages load no wallet code with the page. */
export function ChainScope() {
  return (
    <ChainProvider>
      <Outlet />
    </ChainProvider>
  );
}
