import { FEW_MESSAGES_LEFT, MESSAGES, messagesLeftNote, ticketReplySchema } from "@pli/api/public-contract";
import { Button, Group, Stack, Textarea } from "@mantine/core";
import { useState } from "react";
import { settle } from "@/shared/api/settle";
import { useSchemaForm } from "@/shared/forms/use-schema-form";
import { useToast } from "@/shared/ui/toast";
import { useReplyToTicket } from "../api/reply-ticket";

const replyFormSchema = ticketReplySchema.omit({ _id: true });

/**
 * The reply box under a ticket's thread; empty again after each reply. `left`: how many more messages the ticket takes,
 * said under the box once few are.
 */
export function ReplyForm({ ticketId, left }: { ticketId: string; left: number }) {
  const [sent, setSent] = useState(0);
  return <NewReply key={sent} ticketId={ticketId} left={left} onSent={() => setSent((count) => count + 1)} />;
}

function NewReply({ ticketId, left, onSent }: { ticketId: string; left: number; onSent: () => void }) {
  const { form, fail, onInvalid, errorOf } = useSchemaForm(replyFormSchema, { message: "" });
  const reply = useReplyToTicket();
  const toast = useToast();
  return (
    <form
      aria-label="Reply"
      noValidate
      onSubmit={form.handleSubmit(
        ({ message }) =>
          void settle(
            reply,
            { _id: ticketId, message },
            {
              onSuccess: (result) => {
                toast.success(result.message ?? MESSAGES.ticketReplied);
                onSent();
              },
              onError: fail,
            },
          ),
        onInvalid,
      )}
    >
      <Stack gap="sm">
        <Textarea
          label="Your reply"
          autosize
          minRows={3}
          maxRows={12}
          {...form.register("message")}
          description={left <= FEW_MESSAGES_LEFT ? messagesLeftNote(left) : undefined}
          error={errorOf("message")}
          errorProps={{ role: "alert" }}
        />
        <Group>
          <Button type="submit" loading={reply.isPending}>
            Send Reply
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
