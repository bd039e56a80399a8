import { useMutation } from "@tanstack/react-query";
import { api, ok } from "@/shared/api/http";

export const checkIp = (input: { ipaddress: string; _id?: string }) =>
  ok(api.nodesetting.checkip.$post({ json: input }));

/** Whether an IP address is still free for a node (`_id`: the node being edited). */
export const useCheckIp = () => useMutation({ mutationFn: checkIp });
