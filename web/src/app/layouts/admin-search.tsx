import { ADMIN_SEARCH_MESSAGES, type AdminSearchHit } from "@pli/api/public-contract";
import { ActionIcon, Button, Kbd, Modal, Stack, Text, TextInput, UnstyledButton } from "@mantine/core";
import { useDisclosure, useHotkeys } from "@mantine/hooks";
import { IconSearch } from "@tabler/icons-react";
import { useMutation } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { useNavigate } from "react-router-dom";
import { api, HttpError, ok } from "@/shared/api/http";
import { settle } from "@/shared/api/settle";
import { adminEditNodeStore } from "@/features/node/api/node-id-store";
import { routes } from "@/shared/config/routes";

export const SEARCH_TITLE = "Search";
/** The keys that open the search anywhere in the admin console (not while typing in a field). */
export const SEARCH_SHORTCUTS = ["/", "mod+K"] as const;

const searchRecords = (q: string) => ok(api.admin.search.$get({ query: { q } }));

const withQuery = (path: string, query: Record<string, string>) => `${path}?${new URLSearchParams(query).toString()}`;

/** The page of a record found: the operator list filtered to the wallet, else the record's own page. */
export function hrefOf(hit: AdminSearchHit): string {
  switch (hit.kind) {
    case "operator":
      return withQuery(routes.adminListOperator.href(), { q: hit.id });
    case "node":
      adminEditNodeStore.set({ _id: hit.id });
      return routes.adminEditNode.href();
    case "stake":
      return routes.adminEditStake.href(hit.id);
    case "incentive":
      return routes.adminEditIncentive.href(hit.id);
  }
}

const KIND_LABELS: Record<AdminSearchHit["kind"], string> = {
  operator: "Operator",
  node: "Node",
  stake: "Stake",
  incentive: "Incentive",
};

function SearchForm({ onDone }: { onDone: () => void }) {
  const navigate = useNavigate();
  const [q, setQ] = useState("");
  const search = useMutation({ mutationFn: searchRecords });
  const go = (hit: AdminSearchHit) => {
    onDone();
    void navigate(hrefOf(hit));
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void settle(search, q, {
      onSuccess: ({ hits }) => {
        if (hits.length === 1) go(hits[0]!);
      },
      onError: "silent",
    });
  };
  const fieldError =
    search.error instanceof HttpError ? (search.error.errors.q ?? search.error.message) : search.error?.message;
  const hits = search.data?.hits;
  return (
    <form onSubmit={submit} noValidate aria-label={SEARCH_TITLE}>
      <Stack gap="sm">
        <TextInput
          data-autofocus
          label={ADMIN_SEARCH_MESSAGES.adminSearchHint}
          value={q}
          onChange={(event) => setQ(event.currentTarget.value)}
          error={fieldError}
          errorProps={{ role: "alert" }}
          spellCheck={false}
          autoComplete="off"
        />
        <Button type="submit" loading={search.isPending}>
          {SEARCH_TITLE}
        </Button>
        {hits && hits.length === 0 ? <Text size="sm">Nothing matches exactly.</Text> : null}
        {hits && hits.length > 1
          ? hits.map((hit) => (
              <UnstyledButton key={`${hit.kind}-${hit.id}`} onClick={() => go(hit)} p="xs">
                <Text size="sm" fw={600}>
                  {KIND_LABELS[hit.kind]}: {hit.title}
                </Text>
                <Text size="xs" c="dimmed" style={{ overflowWrap: "anywhere" }}>
                  {hit.detail}
                </Text>
              </UnstyledButton>
            ))
          : null}
      </Stack>
    </form>
  );
}

/**
 * The header's search across everything, opened by its button, "/" or Ctrl+K (⌘K on a Mac). On a phone the button is
 * its icon alone (no keyboard to press "/" on), which leaves the page title room.
 */
export function AdminSearch() {
  const [opened, { open, close }] = useDisclosure(false);
  useHotkeys(SEARCH_SHORTCUTS.map((keys) => [keys, open]));
  return (
    <>
      <Button
        variant="default"
        size="sm"
        onClick={open}
        rightSection={<Kbd size="xs">/</Kbd>}
        aria-keyshortcuts="/ Control+K"
        visibleFrom="sm"
      >
        {SEARCH_TITLE}
      </Button>
      <ActionIcon variant="default" size="lg" onClick={open} aria-label={SEARCH_TITLE} hiddenFrom="sm">
        <IconSearch size={18} aria-hidden="true" />
      </ActionIcon>
      <Modal opened={opened} onClose={close} title={SEARCH_TITLE} centered>
        {opened ? <SearchForm onDone={close} /> : null}
      </Modal>
    </>
  );
}
