import { ActionIcon, Button } from "@mantine/core";
import { IconLogout } from "@tabler/icons-react";

/** The header's Logout: a labelled button on wide screens, an icon button (same name) on phones. */
export function LogoutButton({ onLogout }: { onLogout: () => void }) {
  return (
    <>
      <Button
        variant="light"
        color="red"
        size="sm"
        onClick={onLogout}
        leftSection={<IconLogout size={16} />}
        visibleFrom="sm"
      >
        Logout
      </Button>
      <ActionIcon variant="light" color="red" size="lg" onClick={onLogout} hiddenFrom="sm" aria-label="Logout">
        <IconLogout size={18} />
      </ActionIcon>
    </>
  );
}
