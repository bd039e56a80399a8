import { MESSAGES, roleMaySubmit } from "@pli/api/public-contract";
import { useEffect, useRef } from "react";
import { useNavigate } from "react-router-dom";
import { routes } from "@/shared/config/routes";
import { useMe } from "@/shared/session/me";
import { useDialogs } from "@/shared/ui/dialogs";

/**
 * Jobs are for Validator operators only (spec section 5): anyone else gets the OK-only 'Only Validator
 * Nodes' dialog, whose OK goes to the node list. Answers whether the operator may work on jobs.
 */
export function useValidatorOnly(): { allowed: boolean } {
  const me = useMe();
  const navigate = useNavigate();
  const { alert } = useDialogs();
  const shown = useRef(false);
  const blocked = me.isSuccess && !roleMaySubmit(me.data.userRole);
  useEffect(() => {
    if (!blocked || shown.current) return;
    shown.current = true;
    void alert({
      title: MESSAGES.onlyValidatorTitle,
      text: MESSAGES.onlyValidator,
      okOnly: true,
      tone: "warning",
    }).then(() => navigate(routes.listNode.href()));
  }, [blocked, alert, navigate]);
  return { allowed: me.isSuccess && !blocked };
}
