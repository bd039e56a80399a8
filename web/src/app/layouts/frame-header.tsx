import { ActionIcon, Burger, Group, Title } from "@mantine/core";
import { IconArrowLeft } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { useNavigate } from "react-router-dom";
import { usePageTitleOverride } from "@/shared/ui/page-title";
import { useRouteHandle } from "./route-title";

/** Whether this tab has an earlier page of the app to go back to (React Router counts them in history.state). */
const hasHistory = () => ((window.history.state as { idx?: number } | null)?.idx ?? 0) > 0;

interface FrameHeaderProps {
  /** The frame's start page, for a back arrow with nowhere to go back to. */
  home: string;
  navOpened: boolean;
  onToggleNav: () => void;
  actions: ReactNode;
}

/**
 * The one back arrow, the one page title, and the frame's actions (Submit Ticket, Logout). On a phone a long title takes
 * two lines of the header rather than being cut to its first word beside the actions.
 */
export function FrameHeader({ home, navOpened, onToggleNav, actions }: FrameHeaderProps) {
  const navigate = useNavigate();
  const route = useRouteHandle();
  const title = usePageTitleOverride() ?? route.title;
  const goBack = () => {
    if (route.back) navigate(route.back);
    else if (hasHistory()) navigate(-1);
    else navigate(home);
  };
  return (
    <Group h="100%" px={{ base: "sm", sm: "md" }} gap="xs" wrap="nowrap" justify="space-between">
      <Group gap="xs" wrap="nowrap" miw={0}>
        <Burger
          opened={navOpened}
          onClick={onToggleNav}
          hiddenFrom="sm"
          size="sm"
          aria-label={navOpened ? "Close menu" : "Open menu"}
        />
        <ActionIcon variant="subtle" color="gray" size="lg" onClick={goBack} aria-label="Go back">
          <IconArrowLeft size={20} />
        </ActionIcon>
        <Title order={1} fz={{ base: "md", sm: "xl" }} lh={1.2} lineClamp={2} miw={0}>
          {title}
        </Title>
      </Group>
      <Group gap="xs" wrap="nowrap">
        {actions}
      </Group>
    </Group>
  );
}
