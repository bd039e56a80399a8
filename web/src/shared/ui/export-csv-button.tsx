import { Button } from "@mantine/core";
import { IconDownload } from "@tabler/icons-react";
import { useMutation } from "@tanstack/react-query";
import { reportError } from "../api/settle";

/**
 * 'Export CSV': `download` saves every row matching the list's search (not only the page shown); a failure is a toast.
 */
export function ExportCsvButton({ download }: { download: () => Promise<void> }) {
  const exporting = useMutation({ mutationFn: download, onError: reportError });
  return (
    <Button
      variant="default"
      leftSection={<IconDownload size={16} aria-hidden="true" />}
      loading={exporting.isPending}
      onClick={() => exporting.mutate()}
    >
      Export CSV
    </Button>
  );
}
