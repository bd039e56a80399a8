import { MESSAGES, TWOFA } from "@pli/api/public-contract";
import { Stack, Text } from "@mantine/core";
import { useMe } from "@/shared/session/me";
import { Section } from "@/shared/ui/section";
import { AlertPreferencesForm } from "../components/alert-preferences";
import { NetworkListingSwitch } from "../components/network-listing";
import { ProfileDetails } from "../components/profile-details";
import { TwofaSection } from "../components/twofa-section";
import { profileMessages } from "../messages";

/** Profile plus 2FA enrolment: QR code and secret, confirmed with a code from the authenticator app. */
export function EditProfilePage() {
  const me = useMe();
  if (!me.data) return <Text c="dimmed">{MESSAGES.loading}</Text>;
  return (
    <Stack gap="lg">
      <Section title="Account">
        <ProfileDetails me={me.data} />
      </Section>
      <Section title="Two-factor authentication">
        <TwofaSection enabled={me.data.twofa === TWOFA.yes} />
      </Section>
      <Section title="Email alerts">
        <AlertPreferencesForm email={me.data.email} />
      </Section>
      <Section title={profileMessages.networkTitle}>
        <NetworkListingSwitch />
      </Section>
    </Stack>
  );
}
