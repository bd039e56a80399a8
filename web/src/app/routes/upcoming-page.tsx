import { Badge, Stack, Text, ThemeIcon } from "@mantine/core";
import { IconClockHour4 } from "@tabler/icons-react";
import { Section } from "@/shared/ui/section";
import { useRouteTitle } from "../layouts/route-title";

/** A route whose screen arrives in a later release: the frame, its title, and an honest note. */
export function UpcomingPage() {
  const title = useRouteTitle();
  return (
    <Section>
      <Stack align="center" gap="sm" py={{ base: "lg", sm: 48 }}>
        <ThemeIcon variant="light" size={56} radius="xl" aria-hidden="true">
          <IconClockHour4 size={30} />
        </ThemeIcon>
        <Badge variant="light" color="gray">
          Coming soon
        </Badge>
        <Text fw={650} size="lg" ta="center">
          {title}
        </Text>
        <Text size="sm" c="dimmed" ta="center" maw={440}>
          This screen is not available yet. It opens in an upcoming release of the portal; nothing has been lost or changed.
        </Text>
      </Stack>
    </Section>
  );
}
