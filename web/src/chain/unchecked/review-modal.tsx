import {
  MESSAGES,
  UNCHECKED_KIND_LABELS,
  uncheckedReviewBodySchema,
  type UncheckedItem,
} from "@pli/api/public-contract";
import { Button, Group, Modal, Stack, Text, Textarea } from "@mantine/core";
import { settle } from "@/shared/api/settle";
import { useSchemaForm } from "@/shared/forms/use-schema-form";
import { useToast } from "@/shared/ui/toast";
import { useReviewUnchecked } from "./review-unchecked";

export const REVIEW_TITLE = "Mark reviewed";

function ReviewForm({ item, onDone }: { item: UncheckedItem; onDone: () => void }) {
  const { form, onInvalid, errorOf, fail } = useSchemaForm(uncheckedReviewBodySchema, {
    kind: item.kind,
    tnxHash: item.tnxHash,
    logIndex: item.logIndex,
    note: "",
  });
  const review = useReviewUnchecked();
  const toast = useToast();
  const submit = form.handleSubmit(
    (values) =>
      settle(review, values, {
        onSuccess: (result) => {
          toast.success(result.message ?? MESSAGES.uncheckedReviewed);
          onDone();
        },
        onError: fail,
      }),
    onInvalid,
  );
  return (
    <form onSubmit={submit} noValidate aria-label={REVIEW_TITLE}>
      <Stack gap="md">
        <Text size="sm" fw={600}>
          {UNCHECKED_KIND_LABELS[item.kind]}
        </Text>
        <Text size="xs" c="dimmed" style={{ overflowWrap: "anywhere" }}>
          {item.tnxHash} · log {item.logIndex}
        </Text>
        <Textarea
          label="Note"
          description="What you checked; kept in the audit log"
          withAsterisk
          autosize
          minRows={3}
          maxRows={6}
          {...form.register("note")}
          error={errorOf("note")}
          errorProps={{ role: "alert" }}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={review.isPending}>
            {REVIEW_TITLE}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** One item of unchecked activity marked reviewed, with the admin's note (kept in the audit log). */
export function ReviewModal({ item, onClose }: { item: UncheckedItem | null; onClose: () => void }) {
  return (
    <Modal opened={item !== null} onClose={onClose} title={REVIEW_TITLE} centered>
      {item ? <ReviewForm key={`${item.kind}-${item.tnxHash}-${item.logIndex}`} item={item} onDone={onClose} /> : null}
    </Modal>
  );
}
