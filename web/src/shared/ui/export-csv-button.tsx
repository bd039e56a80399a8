import { IconDownload } from "@tabler/icons-react";
import { useMutation } from "@tanstack/react-query";
import { reportError } from "../api/settle";
import { UnavailableButton } from "./unavailable-button";

/**
 * 'Export CSV' (or `label`): `download` saves every row matching the list's search (not only the page shown); a failure
 * is a toast. With `unavailableBecause`, the button cannot be used and says why.
 */
export function ExportCsvButton({
  download,
  label = "Export CSV",
  unavailableBecause,
}: {
  download: () => Promise<void>;
  label?: string;
  unavailableBecause?: string;
}) {
  const exporting = useMutation({ mutationFn: download, onError: reportError });
  return (
    <UnavailableButton
      variant="default"
      leftSection={<IconDownload size={16} aria-hidden="true" />}
      loading={exporting.isPending}
      unavailableBecause={unavailableBecause}
      onClick={() => exporting.mutate()}
    >
      {label}
    </UnavailableButton>
  );
}
