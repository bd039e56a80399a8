import { USER_TYPE } from "@pli/api/public-contract/constants";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api, HttpError, ok } from "../api/http";
import { useSession } from "./session-provider";

/** The signed-in operator's own record (for an operator the route answers that record, not a page). */
async function getMe() {
  const me = await ok(api.user.$get({ query: {} }));
  if ("docs" in me || me.userType !== USER_TYPE.user) throw new HttpError(403, "Not an operator session");
  return me;
}

/** Query keys of the signed-in person's own record. */
export const sessionKeys = { me: ["me"] as const };

export const meQueryOptions = () => queryOptions({ queryKey: sessionKeys.me, queryFn: getMe });

/** The signed-in operator as the API knows them (twofa, userRole); idle for admins and visitors. */
export function useMe() {
  const { isOperator } = useSession();
  return useQuery({ ...meQueryOptions(), enabled: isOperator });
}
