import { MESSAGES, ticketCreateSchema } from "@pli/api/public-contract";
import { Button, Group, NativeSelect, SimpleGrid, Stack, Textarea, TextInput } from "@mantine/core";
import { useState } from "react";
import { useNavigate } from "react-router-dom";
import { settle } from "@/shared/api/settle";
import { routes } from "@/shared/config/routes";
import { useSchemaForm } from "@/shared/forms/use-schema-form";
import { useToast } from "@/shared/ui/toast";
import { useOwnNodes } from "../api/get-own-nodes";
import { useOpenTicket } from "../api/open-ticket";

/** 'Submit Ticket': subject, optionally one of the operator's nodes, and the message; opens the new ticket's thread. */
export function TicketForm() {
  const [sent, setSent] = useState(0);
  return <NewTicketForm key={sent} onSent={() => setSent((count) => count + 1)} />;
}

function NewTicketForm({ onSent }: { onSent: () => void }) {
  const { form, fail, onInvalid, errorOf } = useSchemaForm(ticketCreateSchema, {
    subject: "",
    message: "",
    nodeId: "",
  });
  const nodes = useOwnNodes();
  const open = useOpenTicket();
  const toast = useToast();
  const navigate = useNavigate();
  return (
    <form
      aria-label="Submit Ticket"
      noValidate
      onSubmit={form.handleSubmit(
        (input) =>
          void settle(open, input, {
            onSuccess: (result) => {
              toast.success(result.message ?? MESSAGES.ticketSubmitted);
              onSent();
              navigate(routes.viewTicket.href(result.data._id));
            },
            onError: fail,
          }),
        onInvalid,
      )}
    >
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput
            label="Subject"
            placeholder="What do you need help with?"
            withAsterisk
            {...form.register("subject")}
            error={errorOf("subject")}
            errorProps={{ role: "alert" }}
          />
          <NativeSelect
            label="Node (optional)"
            data={[{ value: "", label: "No node" }, ...(nodes.data ?? [])]}
            {...form.register("nodeId")}
            error={errorOf("nodeId")}
            errorProps={{ role: "alert" }}
          />
        </SimpleGrid>
        <Textarea
          label="Message"
          placeholder="Describe the problem: what you did, what you expected, what happened"
          withAsterisk
          autosize
          minRows={4}
          maxRows={12}
          {...form.register("message")}
          error={errorOf("message")}
          errorProps={{ role: "alert" }}
        />
        <Group>
          <Button type="submit" loading={open.isPending}>
            Submit Ticket
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
