import { ActionIcon, CopyButton, Group, Text, Tooltip } from "@mantine/core";
import { IconCheck, IconCopy } from "@tabler/icons-react";
import { getAddress, isAddress } from "viem";
import { shortAddress } from "../format";
import classes from "./mono.module.css";

/**
 * An address or hash: monospace, never wrapped, shortened (0x1234…abcd) with the full value on hover
 * and a copy button whose accessible name carries the full value.
 */
export function Address({ value: raw }: { value: string }) {
  // Wallet and contract addresses are shown in their checksummed form, as wallets and explorers show them.
  const value = isAddress(raw, { strict: false }) ? getAddress(raw) : raw;
  return (
    <Group gap={4} wrap="nowrap" display="inline-flex">
      <Tooltip label={value} withArrow events={{ hover: true, focus: false, touch: true }}>
        <Text component="span" size="sm" className={classes.value} data-value={value}>
          {shortAddress(value)}
        </Text>
      </Tooltip>
      <CopyButton value={value} timeout={1500}>
        {({ copied, copy }) => (
          <ActionIcon
            variant="subtle"
            color={copied ? "teal" : "gray"}
            size="sm"
            onClick={copy}
            aria-label={copied ? "Copied" : `Copy ${value}`}
          >
            {copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
          </ActionIcon>
        )}
      </CopyButton>
    </Group>
  );
}
