import { JOB_REVIEW_STATUSES, jobEditSchema, type JobResponse } from "@pli/api/public-contract";
import { Button, Group, Modal, Radio, Stack, Text, Textarea } from "@mantine/core";
import { useController } from "react-hook-form";
import type { z } from "zod";
import { useSchemaForm } from "@/shared/forms/use-schema-form";
import { jobMessages } from "../messages";
import { isReviewStatus } from "./job-values";

/** The quick update: a review status must be chosen, the notes may stay empty. */
const quickUpdateSchema = jobEditSchema
  .pick({ adminNotes: true })
  .extend({ status: jobEditSchema.shape.status.unwrap() });
export type QuickUpdate = z.output<typeof quickUpdateSchema>;

function QuickUpdateForm({
  job,
  onSubmit,
  onCancel,
}: {
  job: JobResponse;
  onSubmit: (values: QuickUpdate) => void;
  onCancel: () => void;
}) {
  const { form, onInvalid, errorOf } = useSchemaForm(quickUpdateSchema, {
    status: isReviewStatus(job.status) ? job.status : undefined,
    adminNotes: job.adminNotes,
  });
  const status = useController({ control: form.control, name: "status" });
  return (
    <form onSubmit={form.handleSubmit(onSubmit, onInvalid)} noValidate aria-label={jobMessages.quickUpdateTitle}>
      <Stack gap="md">
        <Text size="sm" fw={600}>
          {job.name}
        </Text>
        <Radio.Group
          label="Status"
          withAsterisk
          value={status.field.value ?? ""}
          onChange={status.field.onChange}
          error={errorOf("status")}
          errorProps={{ role: "alert" }}
        >
          <Group mt="xs">
            {JOB_REVIEW_STATUSES.map((option) => (
              <Radio key={option} value={option} label={option} />
            ))}
          </Group>
        </Radio.Group>
        <Textarea
          label="Admin Notes"
          autosize
          minRows={3}
          maxRows={6}
          {...form.register("adminNotes")}
          error={errorOf("adminNotes")}
          errorProps={{ role: "alert" }}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit">{jobMessages.updateStatus}</Button>
        </Group>
      </Stack>
    </form>
  );
}

/** 'Update Job Status': Approved or Rejected with the admin's notes (spec section 2). */
export function QuickUpdateModal({
  job,
  onClose,
  onSubmit,
}: {
  job: JobResponse | null;
  onClose: () => void;
  onSubmit: (job: JobResponse, values: QuickUpdate) => void;
}) {
  return (
    <Modal opened={job !== null} onClose={onClose} title={jobMessages.quickUpdateTitle} centered>
      {job ? (
        <QuickUpdateForm key={job._id} job={job} onSubmit={(values) => onSubmit(job, values)} onCancel={onClose} />
      ) : null}
    </Modal>
  );
}
