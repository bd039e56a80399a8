import { MESSAGES, parsePli, settingFormSchema, type SettingResponse } from "@pli/api/public-contract";
import { Button, Fieldset, Group, SimpleGrid, Stack, Text, TextInput } from "@mantine/core";
import { useEffect, useState } from "react";
import { TxProgress } from "@/chain/tx-progress";
import { useSchemaForm } from "@/shared/forms/use-schema-form";
import { ImageUpload } from "@/shared/ui/image-upload";
import { confirmTyped } from "@/shared/ui/dialogs";
import { formOutcome } from "@/shared/ui/toast";
import { useSaveSetting } from "../api/save-setting";
import { useStakeLimitsTx } from "./stake-limits-tx";
import { groupDecimal } from "@/shared/format";
import { settingMessages } from "../messages";
import { ECONOMICS_FIELDS, economicsChanges } from "../economics";

type TextField =
  | "applicationName"
  | "applicationEmail"
  | "contactNo"
  | "address"
  | "minimumStake"
  | "maximumStake"
  | "multiplyOf"
  | "incentivePercentage";
type LimitField = "minimumStake" | "maximumStake";

const FIELDS: { name: TextField; label: string; placeholder?: string; type?: string }[] = [
  { name: "applicationName", label: "Application Name" },
  { name: "applicationEmail", label: "Application Email", type: "email" },
  { name: "contactNo", label: "Contact No" },
  { name: "address", label: "Address" },
];
const LIMIT_FIELDS: readonly TextField[] = ["minimumStake", "maximumStake"];

/** The settings once the indexer has the contract's stake limits. */
export type ChainLimitsKnown = SettingResponse & { minimumStake: string; maximumStake: string };

export const chainLimitsKnown = (settings: SettingResponse): settings is ChainLimitsKnown =>
  settings.minimumStake !== null && settings.maximumStake !== null;

const onChain = (value: string) => `On the chain: ${groupDecimal(value)} PLI`;

/**
 * Site settings. The stake minimum and maximum are the contract's: the fields show what the chain
 * holds (following it while they are not edited), and a changed limit is set on the contract from the
 * admin's wallet through the transaction flow, done once the portal has indexed and recorded it; the
 * other settings are then saved. The form is checked first (the limits with the settings page's
 * schema), so no limit reaches the chain for a form the page would refuse. Shown only once the
 * indexer has the contract's limits (`current` has them).
 */
export function WebsiteSettingForm({ current }: { current: ChainLimitsKnown }) {
  const { form, fail, onInvalid, errorOf } = useSchemaForm(settingFormSchema, current);
  const [sending, setSending] = useState(false);
  const save = useSaveSetting();
  const limits = useStakeLimitsTx();

  useEffect(() => {
    for (const [field, value] of [
      ["minimumStake", current.minimumStake],
      ["maximumStake", current.maximumStake],
    ] as const) {
      if (!form.getFieldState(field).isDirty) form.resetField(field, { defaultValue: value });
    }
  }, [form, current.minimumStake, current.maximumStake]);

  const submit = async (parsed: { minimumStake: bigint; maximumStake: bigint }) => {
    const values = form.getValues();
    const changes = economicsChanges(values, current);
    if (
      changes.length > 0 &&
      !(await confirmTyped({
        title: settingMessages.confirmEconomicsTitle,
        text: settingMessages.confirmEconomics(changes),
      }))
    )
      return;
    setSending(true);
    try {
      const chain = { min: parsePli(current.minimumStake), max: parsePli(current.maximumStake) };
      await limits.send(chain, { min: parsed.minimumStake, max: parsed.maximumStake });
    } catch {
      return;
    } finally {
      setSending(false);
    }
    limits.flow.reset();
    try {
      const { minimumStake: _minimum, maximumStake: _maximum, ...settings } = form.getValues();
      await save.mutateAsync({ ...settings, _id: current._id });
      form.reset(undefined, { keepValues: true });
      formOutcome.success(MESSAGES.settingUpdated);
    } catch (error) {
      fail(error);
    }
  };

  return (
    <form
      onSubmit={form.handleSubmit((parsed) => void submit(parsed), onInvalid)}
      noValidate
      aria-label="Website Setting"
    >
      <TxProgress state={limits.flow.state} explorerTxUrl={limits.flow.explorerTxUrl} onClose={limits.flow.reset} />
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          {FIELDS.map((field) => (
            <TextInput
              key={field.name}
              label={field.label}
              type={field.type ?? "text"}
              placeholder={field.placeholder}
              {...form.register(field.name)}
              error={errorOf(field.name)}
              errorProps={{ role: "alert" }}
            />
          ))}
          <ImageUpload
            id="setting-logo"
            label="Logo (.png, .jpg, .jpeg)"
            alt="Current logo"
            value={form.watch("logoUrl")}
            error={errorOf("logoUrl")}
            successMessage={MESSAGES.fileUploaded}
            onUploaded={(file) => form.setValue("logoUrl", file)}
          />
        </SimpleGrid>
        <Fieldset legend={settingMessages.stakingEconomics} variant="filled">
          <Text size="sm" c="dimmed" mb="sm">
            {settingMessages.stakingEconomicsNote}
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            {ECONOMICS_FIELDS.map((field) => {
              const limit = LIMIT_FIELDS.includes(field.name);
              return (
                <TextInput
                  key={field.name}
                  label={field.label}
                  placeholder={limit ? undefined : field.placeholder}
                  description={limit ? onChain(current[field.name as LimitField]) : undefined}
                  {...form.register(field.name)}
                  error={errorOf(field.name)}
                  errorProps={{ role: "alert" }}
                />
              );
            })}
          </SimpleGrid>
        </Fieldset>
        <Group>
          <Button type="submit" loading={save.isPending} disabled={sending}>
            {sending ? "Waiting for the blockchain…" : "Update Setting"}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
