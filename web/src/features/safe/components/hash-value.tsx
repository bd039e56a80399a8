import { ActionIcon, CopyButton, Group, Text } from "@mantine/core";
import { IconCheck, IconCopy } from "@tabler/icons-react";
import { WRAP_ANYWHERE } from "@/shared/ui/detail";
import { safeMessages } from "../messages";

/**
 * A hash an owner compares with their hardware wallet's screen: whole (never shortened), monospace, broken anywhere on
 * a phone, with a copy button.
 */
export function HashValue({ value, name }: { value: string; name: string }) {
  return (
    <Group gap={4} wrap="nowrap" align="flex-start">
      <Text size="sm" ff="monospace" style={WRAP_ANYWHERE} miw={0} data-testid={`safe-${name}`}>
        {value}
      </Text>
      <CopyButton value={value} timeout={1500}>
        {({ copied, copy }) => (
          <ActionIcon
            variant="subtle"
            color={copied ? "teal" : "gray"}
            size="sm"
            onClick={copy}
            aria-label={copied ? safeMessages.copied : safeMessages.copy(name)}
          >
            {copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
          </ActionIcon>
        )}
      </CopyButton>
    </Group>
  );
}
