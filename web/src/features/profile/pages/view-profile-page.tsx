import { MESSAGES } from "@pli/api/contract";
import { Button, Text } from "@mantine/core";
import { Link } from "react-router-dom";
import { routes } from "@/shared/config/routes";
import { useMe } from "@/shared/session/me";
import { Section } from "@/shared/ui/section";
import { ProfileDetails } from "../components/profile-details";

export function ViewProfilePage() {
  const me = useMe();
  return (
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
  );
}
