import { MESSAGES, type JobResponse } from "@pli/api/public-contract";
import { Button, Group, Stack, Text, Tooltip } from "@mantine/core";
import { DateCell } from "@/shared/ui/date-cell";
import { DangerButton, RowActions } from "@/shared/ui/row-actions";
import { useState } from "react";
import { useNavigate } from "react-router-dom";
import { settle } from "@/shared/api/settle";
import { routes } from "@/shared/config/routes";
import { useStatusListParams } from "@/shared/lists/list-params";
import { Address } from "@/shared/ui/address";
import { DataTable, type Column } from "@/shared/ui/data-table";
import { useDialogs } from "@/shared/ui/dialogs";
import { LongValue } from "@/shared/ui/long-value";
import { Pager } from "@/shared/ui/pager";
import { SearchBox } from "@/shared/ui/search-box";
import { StatusChips } from "@/shared/ui/status-chips";
import { Section } from "@/shared/ui/section";
import { StatusBadge } from "@/shared/ui/status-badge";
import { useToast } from "@/shared/ui/toast";
import { useDeleteJob } from "../api/delete-job";
import { useEditJob } from "../api/edit-job";
import { editJobStore } from "../api/edit-job-store";
import { useJobRequests } from "../api/get-job-requests";
import { useJobStatusCounts } from "../api/get-job-status-counts";
import { JobCategoryManager } from "../components/job-category-manager";
import { LinesCell } from "../components/lines-cell";
import { LinesModal, type LinesView } from "../components/lines-modal";
import { QuickUpdateModal, type QuickUpdate } from "../components/quick-update-modal";
import { jobMessages } from "../messages";

const dash = <Text size="sm">-</Text>;

/** The width of a free text (email, description, notes) in the list's cells: the thirteen columns fit a laptop. */
const TABLE_TEXT_WIDTH = "12rem";

/**
 * 'Job Requests': every operator's jobs, with the quick status update, Edit and Delete (spec section 2). On a laptop
 * the job's date, description and admin notes show under its name and status, the node under its operator and the
 * job's ID and source under its oracle address, labelled, so the thirteen columns fit without scrolling sideways.
 */
export function AdminJobListPage() {
  const params = useStatusListParams();
  const list = useJobRequests(params);
  const counts = useJobStatusCounts();
  const edit = useEditJob();
  const remove = useDeleteJob();
  const { confirmTyped } = useDialogs();
  const toast = useToast();
  const navigate = useNavigate();
  const [view, setView] = useState<LinesView | null>(null);
  const [reviewing, setReviewing] = useState<JobResponse | null>(null);

  const onQuickUpdate = async (job: JobResponse, { status, adminNotes }: QuickUpdate) => {
    setReviewing(null);
    if (!(await confirmTyped({ text: jobMessages.confirmUpdate }))) return;
    void settle(
      edit,
      { _id: job._id, status, adminNotes: adminNotes ?? "" },
      { onSuccess: (result) => toast.success(result.message ?? MESSAGES.jobStatusUpdated) },
    );
  };
  const onDelete = async (job: JobResponse) => {
    if (!(await confirmTyped({ text: jobMessages.confirmDelete(job.name), destructive: true }))) return;
    void settle(remove, job._id, { onSuccess: (result) => toast.success(result.message ?? MESSAGES.jobDeleted) });
  };
  const onEdit = (job: JobResponse) => {
    editJobStore.set(job);
    navigate(routes.adminEditJob.href());
  };

  const columns: Column<JobResponse>[] = [
    {
      id: "actions",
      header: "Actions",
      meta: { card: "action" },
      cell: ({ row }) => (
        <RowActions
          name={row.original.name}
          danger={
            <DangerButton onClick={() => void onDelete(row.original)} label={`Delete ${row.original.name}`}>
              Delete
            </DangerButton>
          }
        >
          <Tooltip label={jobMessages.quickUpdateHint} withArrow>
            <Button
              size="xs"
              onClick={() => setReviewing(row.original)}
              aria-label={`${jobMessages.quickUpdate} of ${row.original.name}`}
            >
              {jobMessages.quickUpdate}
            </Button>
          </Tooltip>
          <Button
            size="xs"
            variant="default"
            onClick={() => onEdit(row.original)}
            aria-label={`Edit ${row.original.name}`}
          >
            Edit
          </Button>
        </RowActions>
      ),
    },
    {
      id: "status",
      header: "Status",
      meta: { card: "status" },
      cell: ({ row }) => <StatusBadge entity="job" status={row.original.status} />,
    },
    {
      id: "jobStatus",
      header: "Job Status",
      meta: { card: "status", under: "status" },
      cell: ({ row }) => (row.original.jobStatus ? <StatusBadge entity="job" status={row.original.jobStatus} /> : dash),
    },
    { id: "date", header: "Date", meta: { under: "name" }, cell: ({ row }) => <DateCell value={row.original.date} /> },
    {
      id: "user",
      header: "User Info",
      cell: ({ row }) => (
        <Stack gap={2}>
          <Address value={row.original.user.name} />
          <LongValue value={row.original.user.email} mono={false} maw={TABLE_TEXT_WIDTH} />
        </Stack>
      ),
    },
    {
      id: "node",
      header: "Node Info",
      meta: { under: "user" },
      cell: ({ row }) => (
        <Stack gap={2}>
          <Text size="sm">{row.original.nodesetting.ipaddress}</Text>
          <Text size="sm" c="dimmed">
            {row.original.nodesetting.provider}
          </Text>
        </Stack>
      ),
    },
    { id: "name", header: "Job Name", accessorKey: "name", meta: { card: "title" } },
    {
      id: "description",
      header: "Description",
      meta: { under: "name" },
      cell: ({ row }) =>
        row.original.description ? (
          <LongValue value={row.original.description} mono={false} maw={TABLE_TEXT_WIDTH} />
        ) : (
          dash
        ),
    },
    {
      id: "oracleAddress",
      header: "Oracle Address",
      cell: ({ row }) => <LinesCell title="Oracle Address" text={row.original.oracleAddress} onView={setView} />,
    },
    {
      id: "jobID",
      header: "Job ID",
      meta: { under: "oracleAddress" },
      cell: ({ row }) => <LinesCell title="Job ID" text={row.original.jobID} onView={setView} />,
    },
    { id: "cost", header: "Cost", meta: { card: "amount" }, cell: ({ row }) => `${row.original.cost} PLI` },
    {
      id: "jobSource",
      header: "Job Source",
      meta: { under: "oracleAddress" },
      cell: ({ row }) => <LinesCell title="Job Source" text={row.original.jobSource} onView={setView} />,
    },
    {
      id: "adminNotes",
      header: "Admin Notes",
      meta: { under: "status" },
      cell: ({ row }) =>
        row.original.adminNotes ? (
          <LongValue value={row.original.adminNotes} mono={false} maw={TABLE_TEXT_WIDTH} />
        ) : (
          dash
        ),
    },
  ];
  return (
    <Stack gap="lg">
      <Section>
        <Stack gap="md">
          <Group gap="sm" align="center" wrap="wrap">
            <SearchBox placeholder={jobMessages.searchByStatus} />
            <StatusChips label={jobMessages.statusChips} counts={counts.data?.counts} name={(status) => status} />
          </Group>
          <DataTable
            columns={columns}
            data={list.data?.docs ?? []}
            loading={list.isPending}
            getRowId={(row) => row._id}
            caption={jobMessages.requestsTitle}
            wrap
          />
          <Pager
            page={params.page}
            totalPages={list.data?.totalPages ?? 1}
            onPage={(page) => params.update({ page })}
          />
        </Stack>
        <LinesModal view={view} onClose={() => setView(null)} />
        <QuickUpdateModal
          job={reviewing}
          onClose={() => setReviewing(null)}
          onSubmit={(job, values) => void onQuickUpdate(job, values)}
        />
      </Section>
      <JobCategoryManager />
    </Stack>
  );
}
