import { ActionIcon, Burger, Group, Title } from "@mantine/core";
import { IconArrowLeft } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { useNavigate } from "react-router-dom";
import { usePageTitleOverride } from "@/shared/ui/page-title";
import { useRouteTitle } from "./route-title";

interface FrameHeaderProps {
  navOpened: boolean;
  onToggleNav: () => void;
  actions: ReactNode;
}

/** The one back arrow, the one page title, and the frame's actions (Submit Ticket, Logout). */
export function FrameHeader({ navOpened, onToggleNav, actions }: FrameHeaderProps) {
  const navigate = useNavigate();
  const routeTitle = useRouteTitle();
  const title = usePageTitleOverride() ?? routeTitle;
  return (
    <Group h="100%" px={{ base: "sm", sm: "md" }} gap="xs" wrap="nowrap" justify="space-between">
      <Group gap="xs" wrap="nowrap" miw={0}>
        <Burger opened={navOpened} onClick={onToggleNav} hiddenFrom="sm" size="sm" aria-label={navOpened ? "Close menu" : "Open menu"} />
        <ActionIcon variant="subtle" color="gray" size="lg" onClick={() => navigate(-1)} aria-label="Go back">
          <IconArrowLeft size={20} />
        </ActionIcon>
        <Title order={1} fz={{ base: "md", sm: "xl" }} lineClamp={1} miw={0}>
          {title}
        </Title>
      </Group>
      <Group gap="xs" wrap="nowrap">
        {actions}
      </Group>
    </Group>
  );
}
