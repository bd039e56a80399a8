import { jobCategorySchema, MESSAGES, type JobCategoryResponse } from "@pli/api/public-contract";
import { Button, Group, Stack, Text, TextInput } from "@mantine/core";
import { DangerButton, RowActions } from "@/shared/ui/row-actions";
import { useState } from "react";
import { errorMessage } from "@/shared/api/http";
import { settle } from "@/shared/api/settle";
import { useSchemaForm } from "@/shared/forms/use-schema-form";
import { DataTable, type Column } from "@/shared/ui/data-table";
import { useDialogs } from "@/shared/ui/dialogs";
import { Section } from "@/shared/ui/section";
import { useToast } from "@/shared/ui/toast";
import { useJobCategories } from "../api/get-job-categories";
import { useJobCategoryChanges } from "../api/save-job-category";
import { jobMessages } from "../messages";
import { example } from "@/shared/forms/example";

function RenameForm({ category, onDone }: { category: JobCategoryResponse; onDone: () => void }) {
  const { rename } = useJobCategoryChanges();
  const toast = useToast();
  const { form, fail, onInvalid, errorOf } = useSchemaForm(jobCategorySchema, { categoryName: category.categoryName });
  const submit = form.handleSubmit(
    (input) =>
      void settle(
        rename,
        { ...input, _id: category._id },
        {
          onSuccess: (result) => {
            toast.success(result.message);
            onDone();
          },
          onError: fail,
        },
      ),
    onInvalid,
  );
  return (
    <form onSubmit={submit} noValidate aria-label={`Rename ${category.categoryName}`}>
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <TextInput
          size="xs"
          aria-label="New category name"
          {...form.register("categoryName")}
          error={errorOf("categoryName")}
          errorProps={{ role: "alert" }}
        />
        <Button size="xs" type="submit" loading={rename.isPending}>
          Save
        </Button>
        <Button size="xs" variant="default" onClick={onDone}>
          Cancel
        </Button>
      </Group>
    </form>
  );
}

/** The admin's list of job categories: add one, rename one, remove one that no job uses. */
export function JobCategoryManager() {
  const categories = useJobCategories();
  const { add, remove } = useJobCategoryChanges();
  const { confirmTyped } = useDialogs();
  const toast = useToast();
  const [renaming, setRenaming] = useState<string | null>(null);
  const { form, fail, onInvalid, errorOf } = useSchemaForm(jobCategorySchema, { categoryName: "" });
  const submit = form.handleSubmit(
    (input) =>
      void settle(add, input, {
        onSuccess: (result) => {
          form.reset();
          toast.success(result.message);
        },
        onError: fail,
      }),
    onInvalid,
  );
  const onRemove = async (category: JobCategoryResponse) => {
    if (!(await confirmTyped({ text: jobMessages.confirmRemoveCategory(category.categoryName), destructive: true })))
      return;
    void settle(remove, category._id, { onSuccess: (result) => toast.success(result.message) });
  };
  const columns: Column<JobCategoryResponse>[] = [
    {
      id: "name",
      meta: { card: "title" },
      header: "Category",
      cell: ({ row }) =>
        renaming === row.original._id ? (
          <RenameForm category={row.original} onDone={() => setRenaming(null)} />
        ) : (
          row.original.categoryName
        ),
    },
    { id: "jobs", header: "Jobs", cell: ({ row }) => row.original.jobCount },
    {
      id: "actions",
      meta: { card: "action" },
      header: "Actions",
      cell: ({ row }) => (
        <RowActions
          name={row.original.categoryName}
          danger={
            <DangerButton
              unavailableBecause={row.original.jobCount > 0 ? MESSAGES.categoryInUse : undefined}
              onClick={() => void onRemove(row.original)}
              label={`Remove ${row.original.categoryName}`}
            >
              Remove
            </DangerButton>
          }
        >
          <Button
            size="xs"
            variant="default"
            onClick={() => setRenaming(row.original._id)}
            aria-label={`Rename ${row.original.categoryName}`}
          >
            Rename
          </Button>
        </RowActions>
      ),
    },
  ];
  return (
    <Section title={jobMessages.categoriesTitle}>
      <Stack gap="md">
        <form onSubmit={submit} noValidate aria-label={jobMessages.addCategory}>
          <Group gap="sm" align="flex-start">
            <TextInput
              label="Category name"
              placeholder={example("Price Feed")}
              {...form.register("categoryName")}
              error={errorOf("categoryName")}
              errorProps={{ role: "alert" }}
            />
            <Button type="submit" mt={{ base: 0, sm: 25 }} loading={add.isPending}>
              {jobMessages.addCategory}
            </Button>
          </Group>
        </form>
        {categories.isError ? <Text c="red.9">{errorMessage(categories.error)}</Text> : null}
        <DataTable
          columns={columns}
          data={categories.data?.docs ?? []}
          loading={categories.isPending}
          getRowId={(row) => row._id}
          caption={jobMessages.categoriesTitle}
          minWidth={480}
        />
      </Stack>
    </Section>
  );
}
