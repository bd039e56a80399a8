import { ActionIcon, Box, CopyButton, Stack, Text, Tooltip } from "@mantine/core";
import { IconCheck, IconCopy } from "@tabler/icons-react";
import type { NetworkValues } from "@pli/abis";
import { WRAP_ANYWHERE } from "@/shared/ui/detail";
import { NETWORK_PANEL_TEXT, networkValueRows } from "./network-values";

/**
 * The portal's network as a person types it into a wallet that cannot switch networks itself (XDCPay 1.x): each value
 * with a copy button; a long URL wraps anywhere rather than widening a phone's screen.
 */
export function NetworkValuesPanel({ network }: { network: NetworkValues }) {
  return (
    <Stack gap="xs" role="region" aria-label={NETWORK_PANEL_TEXT.title}>
      <Text size="sm" fw={600}>
        {NETWORK_PANEL_TEXT.title}
      </Text>
      <Text size="sm">{NETWORK_PANEL_TEXT.explanation}</Text>
      <Box component="dl" m={0}>
        {networkValueRows(network).map(({ label, value }) => (
          <Box key={label} py={4}>
            <Text component="dt" size="xs" c="dimmed">
              {label}
            </Text>
            <Box component="dd" m={0} display="flex" style={{ alignItems: "center", gap: 8 }}>
              <Text size="sm" ff="monospace" miw={0} style={{ ...WRAP_ANYWHERE, flex: 1 }}>
                {value}
              </Text>
              <CopyButton value={value} timeout={1500}>
                {({ copied, copy }) => (
                  <Tooltip label={copied ? NETWORK_PANEL_TEXT.copied : NETWORK_PANEL_TEXT.copy(label)} withArrow>
                    <ActionIcon
                      variant="subtle"
                      color={copied ? "teal" : "gray"}
                      onClick={copy}
                      aria-label={copied ? NETWORK_PANEL_TEXT.copied : NETWORK_PANEL_TEXT.copy(label)}
                    >
                      {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                    </ActionIcon>
                  </Tooltip>
                )}
              </CopyButton>
            </Box>
          </Box>
        ))}
      </Box>
    </Stack>
  );
}
