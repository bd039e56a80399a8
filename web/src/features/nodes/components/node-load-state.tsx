import { Text } from "@mantine/core";
import { errorMessage } from "@/shared/api/http";
import { messages } from "@/shared/config/messages";
import { Alert } from "@/shared/ui/alert";
import { Section } from "@/shared/ui/section";

/** A node page while its node loads. */
export function NodeLoading() {
  return (
    <Section>
      <Text size="sm" c="dimmed">
        {messages.loading}
      </Text>
    </Section>
  );
}

/** A node page whose node could not be read (gone, or not the operator's). */
export function NodeLoadFailed({ error }: { error: unknown }) {
  return (
    <Section>
      <Alert tone="error" title={errorMessage(error)} />
    </Section>
  );
}
