import { API, IMAGE_ACCEPT, MESSAGES, settingUpdateSchema, type SettingResponse } from "@pli/api/contract";
import { useId, useState, type FormEvent } from "react";
import { ChainTxError } from "../../../chain/use-contract-tx";
import { errorMessage } from "../../../shared/api/http";
import { Button } from "../../../shared/ui/button";
import { useDialogs } from "../../../shared/ui/dialogs";
import { FieldError, useServerErrors } from "../../../shared/ui/form-errors";
import { useToast } from "../../../shared/ui/toast";
import { useSettingMutations, type SettingForm } from "../api/settings";
import { useStakeLimitsTx } from "./stake-limits-tx";

const FIELDS: { name: keyof SettingForm; label: string; placeholder?: string; type?: string }[] = [
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
  const [values, setValues] = useState<SettingForm>(initial);
  const [sending, setSending] = useState(false);
  const { save, upload } = useSettingMutations();
  const { errors, fail, clear, show } = useServerErrors();
  const sendLimits = useStakeLimitsTx();
  const { alert } = useDialogs();
  const toast = useToast();
  const id = useId();

  const onLogo = (file: File | undefined) =>
    file &&
    upload.mutate(file, {
      onSuccess: (result) => {
        setValues((v) => ({ ...v, logoUrl: result.file }));
        toast.success(MESSAGES.imageUploaded);
      },
      onError: (error) => toast.error(errorMessage(error)),
    });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = settingUpdateSchema.safeParse(values);
    if (!checked.success) {
      const found: Record<string, string> = {};
      for (const issue of checked.error.issues) found[String(issue.path[0])] ??= issue.message;
      return show(found);
    }
    setSending(true);
    try {
      await sendLimits({ min: current.minimumStake, max: current.maximumStake }, { min: values.minimumStake.trim(), max: values.maximumStake.trim() });
    } catch (error) {
      setSending(false);
      if (error instanceof ChainTxError && error.rejected) toast.error(error.message);
      else await alert({ title: MESSAGES.chainError, text: `${MESSAGES.chainTryAgain} ${error instanceof Error ? error.message : ""}`, tone: "error" });
      return;
    }
    setSending(false);
    save.mutate(
      { ...values, _id },
      {
        onSuccess: () => {
          clear();
          toast.success(MESSAGES.settingUpdated);
        },
        onError: fail,
      },
    );
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label="Website Setting">
      <div className="form-grid">
        {FIELDS.map((field) => (
          <div className="field" key={field.name}>
            <label htmlFor={`${id}-${field.name}`}>{field.label}</label>
            <input
              id={`${id}-${field.name}`}
              className="input"
              type={field.type ?? "text"}
              placeholder={field.placeholder}
              value={values[field.name]}
              onChange={(e) => setValues((v) => ({ ...v, [field.name]: e.target.value }))}
            />
            <FieldError message={errors[field.name]} />
          </div>
        ))}
        <div className="field">
          <label htmlFor={`${id}-logo`}>Logo (.png, .jpg, .jpeg)</label>
          <input id={`${id}-logo`} type="file" accept={IMAGE_ACCEPT} onChange={(e) => onLogo(e.target.files?.[0])} />
          {values.logoUrl && <img className="logo-preview" src={`${API.staticFiles}/${values.logoUrl}`} alt="Current logo" />}
          <FieldError message={errors.logoUrl} />
        </div>
      </div>
      <Button type="submit" disabled={sending || save.isPending}>
        {sending ? "Waiting for the blockchain…" : "Update Setting"}
      </Button>
    </form>
  );
}
