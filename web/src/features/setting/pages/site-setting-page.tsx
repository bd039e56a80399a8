import { MESSAGES } from "@pli/api/public-contract";
import { Stack, Text } from "@mantine/core";
import { useSettings } from "@/shared/setting/settings";
import { Section } from "@/shared/ui/section";
import { PasskeysSection } from "../components/passkeys-section";
import { PasswordForm } from "../components/password-form";
import { Alert } from "@/shared/ui/alert";
import { chainLimitsKnown, WebsiteSettingForm } from "../components/website-setting-form";

export function SiteSettingPage() {
  const settings = useSettings();
  return (
    <Stack gap="lg">
      <Section title="Website Setting">
        {!settings.data ? (
          <Text c="dimmed">{MESSAGES.loading}</Text>
        ) : chainLimitsKnown(settings.data) ? (
          <WebsiteSettingForm key={settings.data._id} current={settings.data} />
        ) : (
          <Alert tone="warning" title={MESSAGES.stakeLimitsNotIndexed} />
        )}
      </Section>
      <Section title="Update Password">
        <PasswordForm />
      </Section>
      <Section
        title="Passkeys"
        description="Sign in with your password and a passkey (this device's screen lock, a phone or a security key) instead of an emailed code."
      >
        <PasskeysSection />
      </Section>
    </Stack>
  );
}
