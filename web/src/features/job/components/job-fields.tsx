import { JOB_NETWORKS, MESSAGES, type JobCategoryResponse, type JobField } from "@pli/api/public-contract";
import { NativeSelect, SimpleGrid, Stack, Textarea, TextInput } from "@mantine/core";
import type { UseFormRegisterReturn } from "react-hook-form";
import { jobMessages } from "../messages";
import { example } from "@/shared/forms/example";

/** What a form hands each field: its registration, its error and whether it is locked. */
export type FieldBinding = UseFormRegisterReturn & { error?: string; disabled: boolean };

interface FieldDef {
  name: JobField;
  label: string;
  placeholder?: string;
  description?: string;
  required?: boolean;
  inputMode?: "numeric" | "decimal";
}

const SINGLE: FieldDef[] = [
  { name: "name", label: "Job Name", placeholder: example("PLI/XDC price"), required: true },
  { name: "indexPair", label: "Index Pair", placeholder: example("PLI/XDC") },
  { name: "cost", label: "Cost (PLI)", placeholder: example("0.1"), required: true, inputMode: "decimal" },
  { name: "contractAddress", label: "Contract Address", placeholder: "0x… or xdc…" },
  { name: "eacAddress", label: "EAC Address", description: "EAC aggregator contract", placeholder: "0x… or xdc…" },
  {
    name: "accessAddress",
    label: "Access Address",
    description: "Simple write access contract",
    placeholder: "0x… or xdc…",
  },
];

const MULTI_LINE: FieldDef[] = [
  { name: "oracleAddress", label: "Oracle Address", placeholder: "0x… or xdc…, one per line", required: true },
  { name: "jobID", label: "Job ID", placeholder: "One job ID per line", required: true },
  { name: "jobSource", label: "Job Source", placeholder: "https://…, one data source per line", required: true },
  { name: "jobProvider", label: "Job Provider", placeholder: "One provider per line" },
];

const TUNING: FieldDef[] = [
  { name: "polltimer", label: "Poll Timer (seconds)", placeholder: example("60"), inputMode: "numeric" },
  { name: "minimumOracle", label: "Minimum Oracle", placeholder: example("1"), inputMode: "numeric" },
  { name: "deviation", label: "Minimum Deviation (%)", placeholder: example("0.5"), inputMode: "decimal" },
];

/** The category options: 'No Category Available' alone when the list is empty (spec section 8). */
const categoryOptions = (categories: JobCategoryResponse[]) =>
  categories.length === 0
    ? [{ value: "", label: MESSAGES.noCategory }]
    : [{ value: "", label: "Select Category" }, ...categories.map((c) => ({ value: c._id, label: c.categoryName }))];

/**
 * Every field of a job (spec section 3): the multi-line fields take one value per line. Each form binds
 * the fields to its own schema and decides which are locked.
 */
export function JobFields({
  bind,
  categories,
}: {
  bind: (name: JobField) => FieldBinding;
  categories: JobCategoryResponse[];
}) {
  const input = ({ name, label, placeholder, description, required, inputMode }: FieldDef) => {
    const binding = bind(name);
    return (
      <TextInput
        key={name}
        label={label}
        placeholder={placeholder}
        description={description}
        inputMode={inputMode}
        withAsterisk={required && !binding.disabled}
        {...binding}
        errorProps={{ role: "alert" }}
      />
    );
  };
  const lines = ({ name, label, placeholder, required }: FieldDef) => {
    const binding = bind(name);
    return (
      <Textarea
        key={name}
        label={label}
        description={jobMessages.oneValuePerLine}
        placeholder={placeholder}
        autosize
        minRows={2}
        maxRows={8}
        withAsterisk={required && !binding.disabled}
        {...binding}
        errorProps={{ role: "alert" }}
      />
    );
  };
  const category = bind("jobCategoryID");
  const network = bind("network");
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        {input(SINGLE[0]!)}
        <NativeSelect
          label="Job Category"
          withAsterisk={!category.disabled}
          data={categoryOptions(categories)}
          {...category}
          disabled={category.disabled || categories.length === 0}
          errorProps={{ role: "alert" }}
        />
        <NativeSelect
          label="Network"
          withAsterisk={!network.disabled}
          data={[{ value: "", label: "Select Network" }, ...JOB_NETWORKS]}
          {...network}
          errorProps={{ role: "alert" }}
        />
        {SINGLE.slice(1).map(input)}
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        {MULTI_LINE.map(lines)}
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        {TUNING.map(input)}
      </SimpleGrid>
      <Textarea
        label="Description"
        placeholder="What this job answers"
        autosize
        minRows={2}
        maxRows={6}
        {...bind("description")}
        errorProps={{ role: "alert" }}
      />
    </Stack>
  );
}
