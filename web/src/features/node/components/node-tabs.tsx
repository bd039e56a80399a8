import { NODE_STATUS, NODE_TABS, type NodeTab } from "@pli/api/public-contract";
import { Badge, Box, Group, NativeSelect, Tabs } from "@mantine/core";
import { useSearchParams } from "react-router-dom";
import { TAB_LABELS } from "../node-display";

const TAB_PARAM = "tab";
const isTab = (value: string | null): value is NodeTab => (NODE_TABS as readonly (string | null)[]).includes(value);

/** The admin's tab lives in the URL (?tab=…, Pending by default); changing it goes back to page 1. */
export function useNodeTab() {
  const [params, setParams] = useSearchParams();
  const value = params.get(TAB_PARAM);
  const tab: NodeTab = isTab(value) ? value : NODE_STATUS.pending;
  const setTab = (next: NodeTab) =>
    setParams((current) => {
      const updated = new URLSearchParams(current);
      updated.set(TAB_PARAM, next);
      updated.delete("page");
      return updated;
    });
  return { tab, setTab };
}

/**
 * Pending, Verified, Return, Approved, Active, De-Active, All Nodes, each with its count: tabs on a
 * wide screen, one status picker on a phone, where seven tabs would wrap over four rows.
 */
export function NodeTabs({
  tab,
  counts,
  onChange,
}: {
  tab: NodeTab;
  counts: Record<NodeTab, number> | undefined;
  onChange: (tab: NodeTab) => void;
}) {
  const count = (name: NodeTab) => counts?.[name] ?? "…";
  return (
    <>
      <Box hiddenFrom="sm">
        <NativeSelect
          label="Status"
          value={tab}
          onChange={(event) => (isTab(event.currentTarget.value) ? onChange(event.currentTarget.value) : undefined)}
          data={NODE_TABS.map((name) => ({ value: name, label: `${TAB_LABELS[name]} (${count(name)})` }))}
        />
      </Box>
      <Tabs
        value={tab}
        onChange={(value) => (isTab(value) ? onChange(value) : undefined)}
        variant="pills"
        keepMounted={false}
        visibleFrom="sm"
      >
        <Tabs.List>
          {NODE_TABS.map((name) => (
            <Tabs.Tab key={name} value={name}>
              <Group gap={6} wrap="nowrap">
                {TAB_LABELS[name]}
                <Badge size="sm" variant={name === tab ? "white" : "light"} circle={false}>
                  {count(name)}
                </Badge>
              </Group>
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
    </>
  );
}
