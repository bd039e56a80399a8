import { MESSAGES } from "@pli/api/contract";
import { useSettings } from "../../../shared/settings/settings";
import { PasswordForm } from "../components/password-form";
import { WebsiteSettingForm } from "../components/website-setting-form";

export function SiteSettingPage() {
  const settings = useSettings();
  return (
    <>
      <section className="card">
        <h2>Website Setting</h2>
        {settings.data ? <WebsiteSettingForm key={settings.data._id + settings.dataUpdatedAt} current={settings.data} /> : <p className="muted">{MESSAGES.loading}</p>}
      </section>
      <section className="card">
        <h2>Update Password</h2>
        <PasswordForm />
      </section>
    </>
  );
}
