import { Text } from "@mantine/core";
import { errorMessage } from "../api/http";
import { messages } from "../config/messages";
import { Alert } from "./alert";
import { Section } from "./section";

/** A page of one record (a node, a request, a stake) while the record loads. */
export function RecordLoading() {
  return (
    <Section>
      <Text size="sm" c="dimmed">
        {messages.loading}
      </Text>
    </Section>
  );
}

/** A page whose record could not be read (gone, malformed id, or not the person's). */
export function RecordLoadFailed({ error }: { error: unknown }) {
  return (
    <Section>
      <Alert tone="error" title={errorMessage(error)} />
    </Section>
  );
}
