import { Group, List, Stack, Text, Title } from "@mantine/core";
import { formatDate } from "@/shared/format/dates";
import { Amount } from "@/shared/ui/amount";
import { Detail, DetailGrid, plainValue, WRAP_ANYWHERE } from "@/shared/ui/detail";
import { StatusBadge } from "@/shared/ui/status-badge";
import { useJobEvidence, type JobEvidence } from "./get-job-evidence";
import { EvidenceSection, MonitorDetail } from "./review-evidence";

const ACTION_LABELS: Record<JobEvidence["history"][number]["action"], string> = {
  submitted: "Submitted by the operator",
  edited: "Edited by an admin",
  reviewed: "Reviewed by an admin",
};

function OtherJobs({ jobs }: { jobs: JobEvidence["otherJobs"] }) {
  return (
    <Detail label={`The operator's other jobs (${jobs.length})`}>
      {jobs.length === 0 ? (
        plainValue("None")
      ) : (
        <List listStyleType="none" spacing={6} aria-label="The operator's other jobs">
          {jobs.map((job) => (
            <List.Item key={job._id}>
              <Stack gap={2}>
                <Text size="sm" style={WRAP_ANYWHERE}>
                  {job.name} · {job.nodeName}
                </Text>
                <Group gap="xs" wrap="wrap">
                  <StatusBadge entity="job" status={job.status} />
                  <Text size="sm" c="dimmed">
                    {formatDate(job.date)}
                  </Text>
                </Group>
              </Stack>
            </List.Item>
          ))}
        </List>
      )}
    </Detail>
  );
}

/** The job's steps, newest first: when, who did what, the status it went from and to, and the admin's notes. */
function JobHistory({ history }: { history: JobEvidence["history"] }) {
  return (
    <List listStyleType="none" spacing="sm" aria-label="Job history">
      {history.map((step) => (
        <List.Item key={`${step.date}-${step.action}`}>
          <Stack gap={4}>
            <Text size="sm" fw={600}>
              {ACTION_LABELS[step.action]}{" "}
              <Text component="span" size="sm" c="dimmed" fw={400}>
                {formatDate(step.date)}
              </Text>
            </Text>
            <Group gap={4} wrap="wrap">
              {step.fromStatus && step.fromStatus !== step.toStatus ? (
                <>
                  <StatusBadge entity="job" status={step.fromStatus} />
                  <Text size="sm" aria-label="to">
                    →
                  </Text>
                </>
              ) : null}
              <StatusBadge entity="job" status={step.toStatus} />
            </Group>
            {step.notes ? (
              <Text size="sm" style={WRAP_ANYWHERE}>
                {step.notes}
              </Text>
            ) : null}
          </Stack>
        </List.Item>
      ))}
    </List>
  );
}

/**
 * What a job's review rests on, beside the admin's form: the node it runs on (its status, stake and answers to the
 * monitor), the operator's other jobs, and the job's history.
 */
export function JobEvidencePanel({ jobId }: { jobId: string }) {
  return (
    <EvidenceSection evidence={useJobEvidence(jobId)}>
      {(data) => (
        <>
          <DetailGrid>
            <Detail label="Node">
              <Stack gap={4}>
                <Text size="sm" style={WRAP_ANYWHERE}>
                  {data.node.name}
                </Text>
                <Group gap="xs" wrap="wrap">
                  <StatusBadge entity="node" status={data.node.status} />
                  {data.node.stakeStatus ? <StatusBadge entity="stake" status={data.node.stakeStatus} /> : null}
                </Group>
              </Stack>
            </Detail>
            <Detail label="Stake on the node">
              <Amount size="sm" wei={BigInt(data.node.totalStaked)} />
            </Detail>
            <MonitorDetail monitor={data.monitor} />
            <OtherJobs jobs={data.otherJobs} />
          </DetailGrid>
          <Title order={3}>Job history</Title>
          <JobHistory history={data.history} />
        </>
      )}
    </EvidenceSection>
  );
}
