import { Group, Paper, Stack, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";

interface SectionProps {
  /** A heading inside the page (the page title itself is the header's). */
  title?: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
}

/** A bordered block of a page: its heading, actions on the right, then its content. */
export function Section({ title, description, actions, children }: SectionProps) {
  return (
    <Paper withBorder radius="md" p={{ base: "md", sm: "lg" }}>
      <Stack gap="md">
        {title || actions ? (
          <Group justify="space-between" align="flex-start" gap="sm">
            <div>
              {title ? <Title order={2}>{title}</Title> : null}
              {description ? (
                <Text size="sm" c="dimmed" mt={4}>
                  {description}
                </Text>
              ) : null}
            </div>
            {actions ? <Group gap="xs">{actions}</Group> : null}
          </Group>
        ) : null}
        {children}
      </Stack>
    </Paper>
  );
}
