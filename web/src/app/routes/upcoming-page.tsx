import { Stack, Text, ThemeIcon } from "@mantine/core";
import { IconClockHour4 } from "@tabler/icons-react";
import { Section } from "@/shared/ui/section";
import { useRouteTitle } from "../layouts/route-title";

/** A route whose screen arrives in a later release: the frame, its title, and an honest note. */
export function UpcomingPage() {
  const title = useRouteTitle();
  return (
    <Section>
      <Stack align="center" gap="xs" py="xl">
        <ThemeIcon variant="light" size={48} radius="xl" aria-hidden="true">
          <IconClockHour4 size={26} />
        </ThemeIcon>
        <Text fw={600}>{title}</Text>
        <Text size="sm" c="dimmed" ta="center" maw={420}>
          This section opens in an upcoming release of the portal.
        </Text>
      </Stack>
    </Section>
  );
}
