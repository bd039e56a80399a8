import { MESSAGES, type JobResponse } from "@pli/api/public-contract";
import { Button, Collapse, Group, Stack, Text } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { IconChevronDown, IconChevronUp } from "@tabler/icons-react";
import { useState } from "react";
import { Navigate, useNavigate, useSearchParams } from "react-router-dom";
import { routes } from "@/shared/config/routes";
import { useStatusListParams } from "@/shared/lists/list-params";
import { Address } from "@/shared/ui/address";
import { DataTable, type Column } from "@/shared/ui/data-table";
import { Pager } from "@/shared/ui/pager";
import { SearchBox } from "@/shared/ui/search-box";
import { StatusChips } from "@/shared/ui/status-chips";
import { Section } from "@/shared/ui/section";
import { StatusBadge } from "@/shared/ui/status-badge";
import { editJobStore } from "../api/edit-job-store";
import { useJobStatusCounts } from "../api/get-job-status-counts";
import { useJobCategories } from "../api/get-job-categories";
import { useNodeJobs } from "../api/get-node-jobs";
import { AddJobForm } from "../components/add-job-form";
import { LinesCell } from "../components/lines-cell";
import { LinesModal, type LinesView } from "../components/lines-modal";
import { useValidatorOnly } from "../components/use-validator-only";
import { jobMessages } from "../messages";
import { groupDecimal } from "@/shared/format";
import { NextStep } from "@/shared/ui/next-step";

const dash = <Text size="sm">-</Text>;

/**
 * 'Manage Jobs' of one node (`?id=`): the collapsible Add Job form and the node's jobs (spec section 2), each named
 * by its Job Name (its phone card's title) before the spec's columns.
 */
export function JobListPage() {
  const [search] = useSearchParams();
  const nodeId = search.get("id");
  if (!nodeId) return <Navigate to={routes.listNode.href()} replace />;
  return <NodeJobs nodeId={nodeId} />;
}

function NodeJobs({ nodeId }: { nodeId: string }) {
  const { allowed } = useValidatorOnly();
  const params = useStatusListParams();
  const list = useNodeJobs(nodeId, params);
  const counts = useJobStatusCounts(nodeId);
  const categories = useJobCategories();
  const navigate = useNavigate();
  const [adding, { toggle }] = useDisclosure(false);
  const [view, setView] = useState<LinesView | null>(null);

  const open = (job: JobResponse) => {
    editJobStore.set(job);
    navigate(routes.editJob.href(nodeId));
  };
  const columns: Column<JobResponse>[] = [
    { id: "name", header: "Job Name", accessorKey: "name", meta: { card: "title" } },
    {
      id: "oracleAddress",
      header: "Oracle Address",
      cell: ({ row }) => <LinesCell title="Oracle Address" text={row.original.oracleAddress} onView={setView} />,
    },
    {
      id: "jobID",
      header: "Job ID",
      cell: ({ row }) => <LinesCell title="Job ID" text={row.original.jobID} onView={setView} />,
    },
    {
      id: "cost",
      meta: { card: "amount" },
      header: "Cost",
      cell: ({ row }) => `${groupDecimal(String(row.original.cost))} PLI`,
    },
    {
      id: "jobSource",
      header: "Job Source",
      cell: ({ row }) => <LinesCell title="Job Source" text={row.original.jobSource} onView={setView} />,
    },
    {
      id: "contractAddress",
      header: "Contract Address",
      cell: ({ row }) => (row.original.contractAddress ? <Address value={row.original.contractAddress} /> : dash),
    },
    { id: "adminNotes", header: "Admin Notes", cell: ({ row }) => row.original.adminNotes || dash },
    {
      id: "status",
      meta: { card: "status" },
      header: "Status",
      cell: ({ row }) => <StatusBadge entity="job" status={row.original.status} />,
    },
    {
      id: "actions",
      meta: { card: "action" },
      header: "Action",
      cell: ({ row }) => (
        <Button size="xs" variant="default" onClick={() => open(row.original)} aria-label={`View ${row.original.name}`}>
          View
        </Button>
      ),
    },
  ];
  return (
    <Stack gap="lg">
      <Section
        title={jobMessages.addJob}
        description={jobMessages.addJobNote}
        actions={
          <Button
            variant="default"
            onClick={toggle}
            aria-expanded={adding}
            aria-controls="add-job"
            rightSection={adding ? <IconChevronUp size={16} /> : <IconChevronDown size={16} />}
            disabled={!allowed}
          >
            {adding ? jobMessages.hideForm : jobMessages.showForm}
          </Button>
        }
      >
        <Collapse expanded={adding && allowed} id="add-job">
          {categories.isPending ? (
            <Text size="sm">{MESSAGES.loading}</Text>
          ) : (
            <AddJobForm nodeId={nodeId} categories={categories.data?.docs ?? []} />
          )}
        </Collapse>
      </Section>
      <Section title={jobMessages.jobsTitle}>
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
            caption={jobMessages.jobsTitle}
            nextStep={
              params.q || params.status || !allowed ? undefined : (
                <NextStep
                  action={
                    <Button onClick={() => !adding && toggle()} aria-controls="add-job">
                      {jobMessages.addJob}
                    </Button>
                  }
                >
                  {jobMessages.emptyNext}
                </NextStep>
              )
            }
            minWidth={1000}
            wrap
          />
          <Pager
            page={params.page}
            totalPages={list.data?.totalPages ?? 1}
            onPage={(page) => params.update({ page })}
          />
        </Stack>
      </Section>
      <LinesModal view={view} onClose={() => setView(null)} />
    </Stack>
  );
}
