import { API, type UserResponse } from "@pli/api/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { http } from "../api/http";
import { useSession } from "./session-provider";

export const meQueryOptions = () => queryOptions({ queryKey: ["me"], queryFn: () => http<UserResponse>("GET", API.user.root) });

/** The signed-in operator as the API knows them (twofa, userRole); idle for admins and visitors. */
export function useMe() {
  const { isUser } = useSession();
  return useQuery({ ...meQueryOptions(), enabled: isUser });
}
