import { ActionIcon, Button } from "@mantine/core";
import { IconTicket } from "@tabler/icons-react";
import { Link } from "react-router-dom";
import { routes } from "@/shared/config/routes";

/** The header's Submit Ticket (operators only), shown the same way as Logout. */
export function SubmitTicketButton() {
  return (
    <>
      <Button
        component={Link}
        to={routes.listTicket.href()}
        variant="default"
        size="sm"
        leftSection={<IconTicket size={16} />}
        visibleFrom="sm"
      >
        Submit Ticket
      </Button>
      <ActionIcon
        component={Link}
        to={routes.listTicket.href()}
        variant="default"
        size="lg"
        hiddenFrom="sm"
        aria-label="Submit Ticket"
      >
        <IconTicket size={18} />
      </ActionIcon>
    </>
  );
}
