import { Button } from "@mantine/core";
import { IconDownload } from "@tabler/icons-react";
import { useMutation } from "@tanstack/react-query";
import { reportError } from "../api/settle";

/**
 * 'Export CSV' (or `label`): `download` saves every row matching the list's search (not only the page shown); a failure
 * is a toast.
 */
export function ExportCsvButton({
  download,
  label = "Export CSV",
  disabled,
  title,
}: {
  download: () => Promise<void>;
  label?: string;
  disabled?: boolean;
  /** Why the button is disabled, as its tooltip. */
  title?: string;
}) {
  const exporting = useMutation({ mutationFn: download, onError: reportError });
  return (
    <Button
      variant="default"
      leftSection={<IconDownload size={16} aria-hidden="true" />}
      loading={exporting.isPending}
      disabled={disabled}
      title={title}
      onClick={() => exporting.mutate()}
    >
      {label}
    </Button>
  );
}
