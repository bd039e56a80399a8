import { MESSAGES, settingUpdateSchema, type SettingResponse } from "@pli/api/contract";
import { Button, Group, SimpleGrid, Stack, TextInput } from "@mantine/core";
import { useState } from "react";
import { TxProgress } from "@/chain/tx-progress";
import { useSchemaForm } from "@/shared/forms/use-schema-form";
import { useToast } from "@/shared/ui/toast";
import { useSaveSetting } from "../api/save-setting";
import { LogoUpload } from "./logo-upload";
import { useStakeLimitsTx } from "./stake-limits-tx";

type TextField = "applicationName" | "applicationEmail" | "contactNo" | "address" | "minimumStake" | "maximumStake" | "multiplyOf" | "incentivePercentage";

const FIELDS: { name: TextField; label: string; placeholder?: string; type?: string }[] = [
  { name: "applicationName", label: "Application Name" },
  { name: "applicationEmail", label: "Application Email", type: "email" },
  { name: "contactNo", label: "Contact No" },
  { name: "address", label: "Address" },
  { name: "minimumStake", label: "Minimum Stake (PLI)", placeholder: "50000" },
  { name: "maximumStake", label: "Maximum Stake (PLI)", placeholder: "1000000" },
  { name: "multiplyOf", label: "Multiply Of (PLI)", placeholder: "1000" },
  { name: "incentivePercentage", label: "Incentive Percentage", placeholder: "2.5" },
];

/**
 * Site settings. The form is checked with the API's own schema first, so no stake limit reaches the
 * chain for a form the server would refuse; a changed limit is then set on the staking contract from
 * the admin's wallet, and the settings are saved once it is mined and indexed.
 */
export function WebsiteSettingForm({ current }: { current: SettingResponse }) {
  const { form, fail, onInvalid, errorOf } = useSchemaForm(settingUpdateSchema, current);
  const [sending, setSending] = useState(false);
  const save = useSaveSetting();
  const limits = useStakeLimitsTx();
  const toast = useToast();

  const submit = async (parsed: { minimumStake: bigint; maximumStake: bigint }) => {
    setSending(true);
    try {
      await limits.send({ min: BigInt(current.minimumStake), max: BigInt(current.maximumStake) }, { min: parsed.minimumStake, max: parsed.maximumStake });
    } catch {
      return;
    } finally {
      setSending(false);
    }
    limits.flow.reset();
    try {
      await save.mutateAsync({ ...form.getValues(), _id: current._id });
      toast.success(MESSAGES.settingUpdated);
    } catch (error) {
      fail(error);
    }
  };

  return (
    <form onSubmit={form.handleSubmit((parsed) => void submit(parsed), onInvalid)} noValidate aria-label="Website Setting">
      <TxProgress state={limits.flow.state} explorerTxUrl={limits.flow.explorerTxUrl} onClose={limits.flow.reset} />
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          {FIELDS.map((field) => (
            <TextInput key={field.name} label={field.label} type={field.type ?? "text"} placeholder={field.placeholder} {...form.register(field.name)} error={errorOf(field.name)} errorProps={{ role: "alert" }} />
          ))}
          <LogoUpload value={form.watch("logoUrl")} error={errorOf("logoUrl")} onUploaded={(file) => form.setValue("logoUrl", file)} />
        </SimpleGrid>
        <Group>
          <Button type="submit" loading={save.isPending} disabled={sending}>
            {sending ? "Waiting for the blockchain…" : "Update Setting"}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
