import {
  jobCreateSchema,
  MESSAGES,
  type JobCategoryResponse,
  type JobCreateInput,
  type JobField,
} from "@pli/api/public-contract";
import { Button, Group, Stack } from "@mantine/core";
import { useState } from "react";
import type { DefaultValues } from "react-hook-form";
import type { z } from "zod";
import { settle } from "@/shared/api/settle";
import { useSchemaForm } from "@/shared/forms/use-schema-form";
import { useDialogs } from "@/shared/ui/dialogs";
import { useToast } from "@/shared/ui/toast";
import { useAddJob } from "../api/add-job";
import { jobMessages } from "../messages";
import { JobFields, type FieldBinding } from "./job-fields";

/** A new job: every text empty, no category or network chosen yet. */
const emptyJob = (nodeSettingID: string): DefaultValues<z.input<typeof jobCreateSchema>> => ({
  nodeSettingID,
  name: "",
  description: "",
  oracleAddress: "",
  jobID: "",
  cost: "",
  jobSource: "",
  jobProvider: "",
  jobCategoryID: "",
  indexPair: "",
  contractAddress: "",
  polltimer: "",
  minimumOracle: "",
  eacAddress: "",
  accessAddress: "",
  deviation: "",
});

interface AddJobFormProps {
  nodeId: string;
  categories: JobCategoryResponse[];
}

/**
 * 'Add Job' for one node, checked with the API's own schema (each line of a multi-line field, with its
 * number in the error), sent after the typed confirmation; a new empty form follows each added job.
 */
export function AddJobForm(props: AddJobFormProps) {
  const [added, setAdded] = useState(0);
  return <NewJobForm key={added} {...props} onAdded={() => setAdded((count) => count + 1)} />;
}

function NewJobForm({ nodeId, categories, onAdded }: AddJobFormProps & { onAdded: () => void }) {
  const { form, fail, onInvalid, errorOf } = useSchemaForm(jobCreateSchema, emptyJob(nodeId));
  const add = useAddJob();
  const { confirmTyped } = useDialogs();
  const toast = useToast();
  const bind = (name: JobField): FieldBinding => ({ ...form.register(name), error: errorOf(name), disabled: false });

  const submit = async (values: JobCreateInput) => {
    if (!(await confirmTyped({ text: jobMessages.confirmSubmit }))) return;
    void settle(add, values, {
      onSuccess: (result) => {
        toast.success(result.message ?? MESSAGES.jobAdded);
        onAdded();
      },
      onError: fail,
    });
  };
  return (
    <form
      onSubmit={form.handleSubmit((values) => void submit(values), onInvalid)}
      noValidate
      aria-label={jobMessages.addJob}
    >
      <Stack gap="md">
        <JobFields bind={bind} categories={categories} />
        <Group>
          <Button type="submit" loading={add.isPending}>
            {jobMessages.submitJob}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
