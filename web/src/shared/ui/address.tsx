import { ActionIcon, CopyButton, Group, Text, Tooltip } from "@mantine/core";
import { IconCheck, IconCopy } from "@tabler/icons-react";
import { shortAddress } from "../format";

/** An address or hash: monospace, never wrapped, shortened with the full value on hover and a copy button. */
export function Address({ value, full = false }: { value: string; full?: boolean }) {
  return (
    <Group gap={4} wrap="nowrap" display="inline-flex">
      <Tooltip label={value} withArrow>
        <Text component="span" ff="monospace" size="sm" style={{ whiteSpace: "nowrap" }} data-value={value}>
          {full ? value : shortAddress(value)}
        </Text>
      </Tooltip>
      <CopyButton value={value} timeout={1500}>
        {({ copied, copy }) => (
          <ActionIcon variant="subtle" color={copied ? "teal" : "gray"} size="sm" onClick={copy} aria-label={copied ? "Copied" : `Copy ${value}`}>
            {copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
          </ActionIcon>
        )}
      </CopyButton>
    </Group>
  );
}
