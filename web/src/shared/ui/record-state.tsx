import { Button, Text } from "@mantine/core";
import { IconArrowLeft } from "@tabler/icons-react";
import { Link, useLocation } from "react-router-dom";
import { errorMessage } from "../api/http";
import { messages } from "../config/messages";
import { navSectionAt, routes } from "../config/routes";
import { Alert } from "./alert";
import { NextStep } from "./next-step";
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

/** The way back from a record that could not be read: the list of the page's navigation section. */
export function BackToSection() {
  const section = navSectionAt(useLocation().pathname);
  if (!section) return null;
  return (
    <NextStep
      action={
        <Button
          component={Link}
          to={routes[section].path}
          variant="default"
          leftSection={<IconArrowLeft size={16} aria-hidden="true" />}
        >
          {messages.backTo(routes[section].title)}
        </Button>
      }
    >
      {messages.recordGone}
    </NextStep>
  );
}

/** A page whose record could not be read (gone, malformed id, or not the person's), with the way back to its list. */
export function RecordLoadFailed({ error }: { error: unknown }) {
  return (
    <Section>
      <Alert tone="error" title={errorMessage(error)} />
      <BackToSection />
    </Section>
  );
}
