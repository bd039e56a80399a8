import { MESSAGES } from "@pli/api/public-contract";
import { Button, Code, CopyButton, Text } from "@mantine/core";
import { Alert } from "@/shared/ui/alert";
import { WRAP_ANYWHERE } from "@/shared/ui/detail";

/** A generic JSON webhook's signing secret, shown once after it was made (added, or a new one asked for). */
export function WebhookSecret({ secret, onDone }: { secret: string; onDone: () => void }) {
  return (
    <Alert
      tone="warning"
      title={MESSAGES.webhookSecretShownOnce}
      action={
        <>
          <CopyButton value={secret}>
            {({ copied, copy }) => (
              <Button size="xs" variant="light" onClick={copy}>
                {copied ? "Copied" : "Copy secret"}
              </Button>
            )}
          </CopyButton>
          <Button size="xs" variant="subtle" onClick={onDone}>
            Done
          </Button>
        </>
      }
    >
      <Code block style={WRAP_ANYWHERE} aria-label="Signing secret">
        {secret}
      </Code>
      <Text size="sm">It signs each request (the Webhook-Signature header); the portal never shows it again.</Text>
    </Alert>
  );
}
