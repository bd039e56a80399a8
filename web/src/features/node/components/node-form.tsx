import { NODE_MESSAGES, nodeCreateSchema, OTHER_PROVIDER, PROVIDERS } from "@pli/api/public-contract";
import { Button, Group, NativeSelect, SimpleGrid, Stack, Text, Textarea, TextInput } from "@mantine/core";
import { Detail, plainValue } from "@/shared/ui/detail";
import { useEffect } from "react";
import type { DefaultValues } from "react-hook-form";
import { getAddress, isAddress } from "viem";
import type { z } from "zod";
import { settle } from "@/shared/api/settle";
import { useSchemaForm } from "@/shared/forms/use-schema-form";
import { ImageUpload } from "@/shared/ui/image-upload";
import { nodeMessages } from "../messages";
import { useCheckIp } from "../api/check-ip";
import { example } from "@/shared/forms/example";

export type NodeFormValues = z.input<typeof nodeCreateSchema>;
export type NodeFormOutput = z.output<typeof nodeCreateSchema>;

/** add: every field; edit: a Return node's editable fields (a locked node shows as details, not a form). */
export type NodeFormMode = "add" | "edit";

type TextField = "name" | "ipaddress" | "os" | "ram" | "storage" | "security" | "oracleAddress" | "nodeAddress";

/** The fields an operator may change on a Return node (spec 4); the others stay as registered. */
const EDITABLE_ON_RETURN = new Set<keyof NodeFormValues>([
  "name",
  "description",
  "logo",
  "provider",
  "otherProvider",
  "ipaddress",
  "oracleAddress",
  "nodeAddress",
]);

const FIELDS: { name: TextField; label: string; placeholder: string; description?: string; inputMode?: "numeric" }[] = [
  { name: "name", label: "Node Name", placeholder: "My validator node" },
  { name: "ipaddress", label: "IP Address", placeholder: "203.0.113.10" },
  { name: "os", label: "Operating System", placeholder: "Ubuntu 24.04" },
  { name: "ram", label: "RAM (GB)", placeholder: "16", description: NODE_MESSAGES.ramHint, inputMode: "numeric" },
  {
    name: "storage",
    label: "Storage (GB)",
    placeholder: "400",
    description: NODE_MESSAGES.storageHint,
    inputMode: "numeric",
  },
  { name: "security", label: "Security Patch Version", placeholder: "2026-01" },
  { name: "oracleAddress", label: "Oracle Address", placeholder: "0x… or xdc…" },
  { name: "nodeAddress", label: "Node Address", placeholder: "0x… or xdc…" },
];

/** A new node's form: nothing chosen yet (the provider select shows 'Select Provider'). */
export const EMPTY_NODE: DefaultValues<NodeFormValues> = {
  name: "",
  description: "",
  logo: "",
  otherProvider: "",
  ipaddress: "",
  os: "",
  ram: "",
  storage: "",
  security: "",
  oracleAddress: "",
  nodeAddress: "",
};

interface NodeFormProps {
  mode: NodeFormMode;
  initial: DefaultValues<NodeFormValues>;
  /** The wallet the node is associated with (the operator's), fixed. */
  wallet: string;
  /** The node being edited, so its own IP address is not reported as taken. */
  nodeId?: string;
  submitLabel: string;
  busy: boolean;
  /** The form is switched off (the node limit was reached). */
  disabled?: boolean;
  /** A failed save: its field errors appear under the fields. */
  failure?: unknown;
  onSubmit: (values: NodeFormOutput) => void;
}

/** The node form of spec sections 3 and 5, checked with the API's own schema. */
export function NodeForm({
  mode,
  initial,
  wallet,
  nodeId,
  submitLabel,
  busy,
  disabled = false,
  failure,
  onSubmit,
}: NodeFormProps) {
  const { form, fail, onInvalid, errorOf } = useSchemaForm(nodeCreateSchema, initial);
  const checkIp = useCheckIp();
  useEffect(() => {
    if (failure) fail(failure);
  }, [failure, fail]);
  const locked = (field: keyof NodeFormValues) => disabled || (mode === "edit" && !EDITABLE_ON_RETURN.has(field));
  const provider = form.watch("provider");

  const onIpBlur = (value: string) => {
    if (locked("ipaddress") || value.trim() === "" || value.trim() === initial.ipaddress) return;
    void settle(
      checkIp,
      { ipaddress: value.trim(), ...(nodeId ? { _id: nodeId } : {}) },
      {
        onSuccess: (result) =>
          result.status ? undefined : form.setError("ipaddress", { type: "server", message: result.message }),
        onError: "silent",
      },
    );
  };

  const field = ({ name, label, placeholder, description, inputMode }: (typeof FIELDS)[number]) => {
    const registered = form.register(
      name,
      name === "ipaddress"
        ? { onBlur: (event: { target: { value: string } }) => onIpBlur(event.target.value) }
        : undefined,
    );
    return (
      <TextInput
        key={name}
        label={label}
        placeholder={example(placeholder)}
        description={description}
        inputMode={inputMode}
        disabled={locked(name)}
        withAsterisk={!locked(name)}
        {...registered}
        error={errorOf(name)}
        errorProps={{ role: "alert" }}
      />
    );
  };

  return (
    <form onSubmit={form.handleSubmit(onSubmit, onInvalid)} noValidate aria-label="Node">
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          {FIELDS.slice(0, 2).map(field)}
          <NativeSelect
            label="Provider"
            withAsterisk={!locked("provider")}
            disabled={locked("provider")}
            data={[
              { value: "", label: "Select Provider" },
              ...PROVIDERS.map((option) => ({ value: option, label: option })),
            ]}
            {...form.register("provider", { onChange: () => form.setValue("otherProvider", "") })}
            error={errorOf("provider")}
            errorProps={{ role: "alert" }}
          />
          {provider === OTHER_PROVIDER ? (
            <TextInput
              label="Other Provider"
              placeholder="Provider name"
              disabled={locked("otherProvider")}
              withAsterisk={!locked("otherProvider")}
              {...form.register("otherProvider")}
              error={errorOf("otherProvider")}
              errorProps={{ role: "alert" }}
            />
          ) : null}
          {FIELDS.slice(2).map(field)}
          <Detail label="Wallet Address">
            {plainValue(isAddress(wallet, { strict: false }) ? getAddress(wallet) : wallet)}
            <Text size="xs" c="dimmed">
              {NODE_MESSAGES.walletAddressNote}
            </Text>
          </Detail>
          <ImageUpload
            id="node-image"
            label="Node Image (.png, .jpg, .jpeg)"
            alt="Node image"
            value={form.watch("logo")}
            disabled={locked("logo")}
            description={mode === "edit" ? nodeMessages.imageReuploadHint : undefined}
            error={errorOf("logo")}
            onUploaded={(file) => form.setValue("logo", file)}
          />
        </SimpleGrid>
        <Textarea
          label="Short Description"
          placeholder="What this node runs"
          autosize
          minRows={3}
          disabled={locked("description")}
          {...form.register("description")}
          error={errorOf("description")}
          errorProps={{ role: "alert" }}
        />
        <Group>
          <Button type="submit" loading={busy} disabled={disabled}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
