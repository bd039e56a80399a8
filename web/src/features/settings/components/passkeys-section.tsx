import { MESSAGES, type PasskeyResponse } from "@pli/api/contract";
import { Button, Group, Stack, Switch, Text } from "@mantine/core";
import { useState } from "react";
import { errorMessage } from "@/shared/api/http";
import { formatDate } from "@/shared/format/dates";
import { DataTable, type Column } from "@/shared/ui/data-table";
import { useDialogs } from "@/shared/ui/dialogs";
import { useToast } from "@/shared/ui/toast";
import { usePasskeys } from "../api/get-passkeys";
import { usePasskeyChanges } from "../api/passkey-changes";
import { AddPasskeyForm } from "./add-passkey-form";
import { RenamePasskeyForm } from "./rename-passkey-form";

/** The admin's passkeys (add, rename, delete) and the emailed-code fallback switch. */
export function PasskeysSection() {
  const passkeys = usePasskeys();
  const { remove, fallback } = usePasskeyChanges();
  const { confirmTyped } = useDialogs();
  const toast = useToast();
  const [renaming, setRenaming] = useState<string | null>(null);
  const rows = passkeys.data?.passkeys ?? [];
  const fallbackOn = passkeys.data?.emailCodeFallback ?? true;

  const onDelete = async (passkey: PasskeyResponse) => {
    if (!(await confirmTyped({ title: `Delete ${passkey.name}?`, text: MESSAGES.confirmDeletePasskey }))) return;
    remove.mutate(passkey._id, { onSuccess: (result) => toast.success(result.message), onError: (error) => toast.error(errorMessage(error)) });
  };
  const onSwitch = (enabled: boolean) =>
    fallback.mutate(enabled, { onSuccess: (result) => toast.success(result.message), onError: (error) => toast.error(errorMessage(error)) });

  const columns: Column<PasskeyResponse>[] = [
    { id: "name", header: "Name", cell: ({ row }) => (renaming === row.original._id ? <RenamePasskeyForm passkey={row.original} onDone={() => setRenaming(null)} /> : row.original.name) },
    { id: "added", header: "Added", cell: ({ row }) => formatDate(row.original.createdAt, "adminDashboard") },
    { id: "used", header: "Last used", cell: ({ row }) => (row.original.lastUsedAt ? formatDate(row.original.lastUsedAt, "adminDashboard") : "Never") },
    {
      id: "actions",
      header: "Actions",
      cell: ({ row }) => (
        <Group gap="xs" wrap="nowrap">
          <Button size="xs" variant="default" onClick={() => setRenaming(row.original._id)} aria-label={`Rename ${row.original.name}`}>
            Rename
          </Button>
          <Button size="xs" variant="light" color="red" onClick={() => void onDelete(row.original)} aria-label={`Delete ${row.original.name}`}>
            Delete
          </Button>
        </Group>
      ),
    },
  ];

  return (
    <Stack gap="md">
      <AddPasskeyForm />
      {passkeys.isError ? <Text c="red.9">{errorMessage(passkeys.error)}</Text> : null}
      <DataTable columns={columns} data={rows} loading={passkeys.isPending} getRowId={(row) => row._id} caption="Passkeys" minWidth={560} />
      <Switch
        label="Emailed code fallback"
        description={rows.length === 0 ? "Add a passkey before turning this off." : "When off, signing in needs your passkey and no code is emailed."}
        checked={fallbackOn}
        disabled={passkeys.isPending || fallback.isPending || (fallbackOn && rows.length === 0)}
        onChange={(event) => onSwitch(event.currentTarget.checked)}
      />
    </Stack>
  );
}
