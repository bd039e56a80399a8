import { MESSAGES } from "@pli/api/public-contract";
import { Button, Stack, Text } from "@mantine/core";
import { Link } from "react-router-dom";
import { routes } from "@/shared/config/routes";
import { useMe } from "@/shared/session/me";
import { Section } from "@/shared/ui/section";
import { AlertPreferencesSummary } from "../components/alert-preferences";
import { ProfileDetails } from "../components/profile-details";
import { Webhooks } from "../components/webhooks";

export function ViewProfilePage() {
  const me = useMe();
  return (
    <Stack gap="lg">
      <Section
        title="Account"
        actions={
          <Button component={Link} to={routes.editProfile.href()}>
            Edit Profile
          </Button>
        }
      >
        {me.data ? <ProfileDetails me={me.data} /> : <Text c="dimmed">{MESSAGES.loading}</Text>}
      </Section>
      {me.data ? (
        <Section title="Email alerts" description="Turn each kind on or off under Edit Profile.">
          <AlertPreferencesSummary email={me.data.email} />
        </Section>
      ) : null}
      {me.data ? (
        <Section
          title="Webhooks"
          description="Alerts within a minute in Discord, Slack, Telegram or your own endpoint: node down and back up, status changes, unlocks and payouts. A webhook turned off (after repeated failures or by you) can be turned on again. Editing a signed webhook's URL keeps its signing secret; ask for a new one to replace it (shown once, the old one stops working)."
        >
          <Webhooks />
        </Section>
      ) : null}
    </Stack>
  );
}
