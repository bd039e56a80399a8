import { MESSAGES, NODE_STATUS, type NodeResponse, type UserType } from "@pli/api/public-contract";
import { Button, Text, type ButtonProps } from "@mantine/core";
import { settle } from "@/shared/api/settle";
import { useDialogs } from "@/shared/ui/dialogs";
import { TONE_COLORS } from "@/shared/theme/theme";
import { useToast } from "@/shared/ui/toast";
import { useToggleNode } from "../api/toggle-node";
import { nodeMessages } from "../messages";
import { activateRefusal, TOGGLE_LABELS, toggleFor } from "../node-display";

/** Make De-Active / Make Active after the typed confirmation, shown only when the API's rules allow it. */
export function NodeToggleButton({
  node,
  actor,
  size = "xs",
}: {
  node: NodeResponse;
  actor: UserType;
  size?: ButtonProps["size"];
}) {
  const toggle = useToggleNode();
  const { confirmTyped } = useDialogs();
  const toast = useToast();
  const to = toggleFor(node, actor);
  const refusal = activateRefusal(node, actor);
  if (refusal)
    return (
      <Text size="xs" c="dimmed" title={refusal}>
        {nodeMessages.deActivatedByAdmin}
      </Text>
    );
  if (!to) return null;
  const label = TOGGLE_LABELS[to];
  const onClick = async () => {
    if (!(await confirmTyped({ text: `To ${label} the node "${node.name}" type yes and confirm` }))) return;
    await settle(
      toggle,
      { _id: node._id, status: to },
      { onSuccess: (result) => toast.success(result.message ?? MESSAGES.nodeStatusUpdated) },
    );
  };
  return (
    <Button
      size={size}
      variant="light"
      color={to === NODE_STATUS.deActive ? TONE_COLORS.danger : TONE_COLORS.success}
      loading={toggle.isPending}
      onClick={() => void onClick()}
      aria-label={`${label} ${node.name}`}
    >
      {label}
    </Button>
  );
}
