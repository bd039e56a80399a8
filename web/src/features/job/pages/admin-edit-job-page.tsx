import {
  JOB_REVIEW_STATUSES,
  JOB_RUN_STATUSES,
  jobEditSchema,
  MESSAGES,
  type JobField,
  type JobResponse,
} from "@pli/api/public-contract";
import { Button, Group, NativeSelect, SimpleGrid, Stack, Text, Textarea } from "@mantine/core";
import { useState } from "react";
import { Navigate, useNavigate } from "react-router-dom";
import { z } from "zod";
import { settle } from "@/shared/api/settle";
import { routes } from "@/shared/config/routes";
import { useSchemaForm } from "@/shared/forms/use-schema-form";
import { JobEvidencePanel } from "@/shared/review/job-evidence";
import { useDialogs } from "@/shared/ui/dialogs";
import { Section } from "@/shared/ui/section";
import { useToast } from "@/shared/ui/toast";
import { useEditJob } from "../api/edit-job";
import { editJobStore } from "../api/edit-job-store";
import { useJobCategories } from "../api/get-job-categories";
import { JobFields, type FieldBinding } from "../components/job-fields";
import { isReviewStatus, jobFormValues } from "../components/job-values";
import { jobMessages } from "../messages";

/** The admin's edit: a review status must be chosen; an empty job status leaves it as it is. */
const adminJobSchema = jobEditSchema.extend({
  status: jobEditSchema.shape.status.unwrap(),
  jobStatus: z.preprocess((value) => (value === "" ? undefined : value), jobEditSchema.shape.jobStatus),
});
type AdminJobInput = z.output<typeof adminJobSchema>;

/**
 * 'Edit Job': every field of the job plus Status, Job Status and Admin Notes (spec section 2), and below it the review's
 * evidence: the job's node, the operator's other jobs and the job's history.
 */
export function AdminEditJobPage() {
  const [job] = useState(editJobStore.get);
  if (!job) return <Navigate to={routes.adminListNode.href()} replace />;
  return <AdminJobForm job={job} />;
}

function AdminJobForm({ job }: { job: JobResponse }) {
  const categories = useJobCategories();
  const { form, fail, onInvalid, errorOf } = useSchemaForm(adminJobSchema, {
    _id: job._id,
    ...jobFormValues(job),
    status: isReviewStatus(job.status) ? job.status : undefined,
    jobStatus: job.jobStatus ?? "",
    adminNotes: job.adminNotes,
    updatedAt: job.updatedAt,
  });
  const edit = useEditJob();
  const { confirmTyped } = useDialogs();
  const toast = useToast();
  const navigate = useNavigate();
  const bind = (name: JobField): FieldBinding => ({ ...form.register(name), error: errorOf(name), disabled: false });

  const submit = async (values: AdminJobInput) => {
    if (!(await confirmTyped({ text: jobMessages.confirmUpdate }))) return;
    void settle(edit, values, {
      onSuccess: (result) => {
        toast.success(result.message ?? MESSAGES.jobEdited);
        navigate(routes.adminListJob.href());
      },
      onError: fail,
    });
  };
  return (
    <Stack gap="md">
      <Section
        title={job.name}
        description={`${job.user.email} · ${job.nodesetting.name} (${job.nodesetting.ipaddress})`}
      >
        {categories.isPending ? (
          <Text size="sm">{MESSAGES.loading}</Text>
        ) : (
          <form onSubmit={form.handleSubmit((values) => void submit(values), onInvalid)} noValidate aria-label="Job">
            <Stack gap="md">
              <JobFields bind={bind} categories={categories.data?.docs ?? []} />
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                <NativeSelect
                  label="Status"
                  withAsterisk
                  data={[{ value: "", label: "Select Status" }, ...JOB_REVIEW_STATUSES]}
                  {...form.register("status")}
                  error={errorOf("status")}
                  errorProps={{ role: "alert" }}
                />
                <NativeSelect
                  label="Job Status"
                  data={[{ value: "", label: "Select Job Status" }, ...JOB_RUN_STATUSES]}
                  {...form.register("jobStatus")}
                  error={errorOf("jobStatus")}
                  errorProps={{ role: "alert" }}
                />
              </SimpleGrid>
              <Textarea
                label="Admin Notes"
                autosize
                minRows={2}
                maxRows={6}
                {...form.register("adminNotes")}
                error={errorOf("adminNotes")}
                errorProps={{ role: "alert" }}
              />
              <Group>
                <Button type="submit" loading={edit.isPending}>
                  {jobMessages.updateJob}
                </Button>
              </Group>
            </Stack>
          </form>
        )}
      </Section>
      <JobEvidencePanel jobId={job._id} />
    </Stack>
  );
}
