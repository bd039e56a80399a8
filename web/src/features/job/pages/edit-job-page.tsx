import {
  jobEditSchema,
  MESSAGES,
  OPERATOR_EDITABLE_FIELDS,
  type JobEditInput,
  type JobField,
  type JobResponse,
} from "@pli/api/public-contract";
import { Button, Group, Stack, Text } from "@mantine/core";
import { useState } from "react";
import { Navigate, useNavigate, useSearchParams } from "react-router-dom";
import { settle } from "@/shared/api/settle";
import { routes } from "@/shared/config/routes";
import { useSchemaForm } from "@/shared/forms/use-schema-form";
import { useDialogs } from "@/shared/ui/dialogs";
import { Section } from "@/shared/ui/section";
import { StatusBadge } from "@/shared/ui/status-badge";
import { useToast } from "@/shared/ui/toast";
import { useEditJob } from "../api/edit-job";
import { editJobStore } from "../api/edit-job-store";
import { useJobCategories } from "../api/get-job-categories";
import { JobFields, type FieldBinding } from "../components/job-fields";
import { jobFormValues } from "../components/job-values";
import { useValidatorOnly } from "../components/use-validator-only";
import { jobMessages } from "../messages";

const editable = new Set<JobField>(OPERATOR_EDITABLE_FIELDS);

/**
 * Only the fields an operator may change are sent, with the job's updatedAt the page opened on (the API refuses the
 * edit when an admin changed the job since); the others stay as the admin reviewed them.
 */
const operatorChanges = (job: { _id: string; updatedAt: string }, values: JobEditInput): JobEditInput => ({
  _id: job._id,
  updatedAt: job.updatedAt,
  ...Object.fromEntries(OPERATOR_EDITABLE_FIELDS.map((field) => [field, values[field]])),
});

/**
 * 'View Jobs' (`?id={node}`): the job kept in local storage (`editjob`) with every field locked except
 * poll timer, minimum oracle, EAC address, access address and deviation (spec section 2).
 */
export function EditJobPage() {
  const [search] = useSearchParams();
  const nodeId = search.get("id");
  const [job] = useState(editJobStore.get);
  if (!nodeId || !job) return <Navigate to={routes.listNode.href()} replace />;
  return <OperatorJobForm job={job} nodeId={nodeId} />;
}

function OperatorJobForm({ job, nodeId }: { job: JobResponse; nodeId: string }) {
  const { allowed } = useValidatorOnly();
  const categories = useJobCategories();
  const { form, fail, onInvalid, errorOf } = useSchemaForm(jobEditSchema, { _id: job._id, ...jobFormValues(job) });
  const edit = useEditJob();
  const { confirmTyped } = useDialogs();
  const toast = useToast();
  const navigate = useNavigate();
  const bind = (name: JobField): FieldBinding => ({
    ...form.register(name),
    error: errorOf(name),
    disabled: !editable.has(name),
  });

  const submit = async (values: JobEditInput) => {
    if (!(await confirmTyped({ text: jobMessages.confirmSubmit }))) return;
    void settle(edit, operatorChanges(job, values), {
      onSuccess: (result) => {
        toast.success(result.message ?? MESSAGES.jobEdited);
        navigate(routes.listJob.href(nodeId));
      },
      onError: fail,
    });
  };
  return (
    <Section title={job.name} actions={<StatusBadge entity="job" status={job.status} />}>
      {categories.isPending ? (
        <Text size="sm">{MESSAGES.loading}</Text>
      ) : (
        <form onSubmit={form.handleSubmit((values) => void submit(values), onInvalid)} noValidate aria-label="Job">
          <Stack gap="md">
            <JobFields bind={bind} categories={categories.data?.docs ?? []} />
            <Group>
              <Button type="submit" loading={edit.isPending} disabled={!allowed}>
                {jobMessages.updateJob}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Section>
  );
}
