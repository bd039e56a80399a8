import { API, IMAGE_ACCEPT, MESSAGES, settingUpdateSchema, type SettingResponse } from "@pli/api/contract";
import { Button, Group, Image, Input, SimpleGrid, Stack, TextInput } from "@mantine/core";
import { useState } from "react";
import { TxProgress } from "@/chain/tx-progress";
import { errorMessage } from "@/shared/api/http";
import { useSchemaForm } from "@/shared/forms/use-schema-form";
import { useToast } from "@/shared/ui/toast";
import { useSettingMutations, type SettingForm } from "../api/settings";
import { useStakeLimitsTx } from "./stake-limits-tx";

const FIELDS: { name: Exclude<keyof SettingForm, "logoUrl">; label: string; placeholder?: string; type?: string }[] = [
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
 * the admin's wallet, and the settings are saved once it is mined.
 */
export function WebsiteSettingForm({ current }: { current: SettingResponse }) {
  const { _id, ...initial } = current;
  const { form, fail, onInvalid, errorOf } = useSchemaForm(settingUpdateSchema, initial);
  const [sending, setSending] = useState(false);
  const { save, upload } = useSettingMutations();
  const limits = useStakeLimitsTx();
  const toast = useToast();
  const logoUrl = form.watch("logoUrl");

  const onLogo = (file: File | undefined) =>
    file &&
    upload.mutate(file, {
      onSuccess: (result) => {
        form.setValue("logoUrl", result.file);
        toast.success(MESSAGES.imageUploaded);
      },
      onError: (error) => toast.error(errorMessage(error)),
    });

  const send = async () => {
    const values = form.getValues() as SettingForm;
    setSending(true);
    try {
      await limits.send({ min: current.minimumStake, max: current.maximumStake }, { min: values.minimumStake.trim(), max: values.maximumStake.trim() });
    } catch {
      setSending(false);
      return;
    }
    limits.flow.reset();
    setSending(false);
    save.mutate({ ...values, _id }, { onSuccess: () => toast.success(MESSAGES.settingUpdated), onError: fail });
  };

  return (
    <form onSubmit={form.handleSubmit(() => void send(), onInvalid)} noValidate aria-label="Website Setting">
      <TxProgress state={limits.flow.state} explorerTxUrl={limits.flow.explorerTxUrl} onClose={limits.flow.reset} />
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          {FIELDS.map((field) => (
            <TextInput key={field.name} label={field.label} type={field.type ?? "text"} placeholder={field.placeholder} {...form.register(field.name)} error={errorOf(field.name)} errorProps={{ role: "alert" }} />
          ))}
          <Input.Wrapper label="Logo (.png, .jpg, .jpeg)" labelElement="label" id="setting-logo" error={errorOf("logoUrl")}>
            <Stack gap="xs">
              <Input component="input" type="file" id="setting-logo" accept={IMAGE_ACCEPT} onChange={(e: React.ChangeEvent<HTMLInputElement>) => onLogo(e.currentTarget.files?.[0])} />
              {logoUrl ? <Image src={`${API.staticFiles}/${logoUrl}`} alt="Current logo" h={64} w="auto" fit="contain" /> : null}
            </Stack>
          </Input.Wrapper>
        </SimpleGrid>
        <Group>
          <Button type="submit" disabled={sending || save.isPending}>
            {sending ? "Waiting for the blockchain…" : "Update Setting"}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
