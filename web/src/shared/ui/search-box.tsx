import { LIMITS } from "@pli/api/public-contract";
import { TextInput } from "@mantine/core";
import { useDebouncedCallback } from "@mantine/hooks";
import { IconSearch } from "@tabler/icons-react";
import { useState } from "react";
import { useListParams } from "../lists/list-params";

/** Debounced search (1000 ms) that puts q in the URL and goes back to page 1 with limit 5. */
export function SearchBox({ placeholder }: { placeholder: string }) {
  const { q, update } = useListParams();
  const [value, setValue] = useState(q);
  const search = useDebouncedCallback(
    (next: string) => update({ q: next.trim(), page: 1, limit: LIMITS.pageSize }),
    LIMITS.searchDebounceMs,
  );
  return (
    <TextInput
      type="search"
      aria-label={placeholder}
      placeholder={placeholder}
      leftSection={<IconSearch size={16} aria-hidden="true" />}
      w={{ base: "100%", sm: 320 }}
      value={value}
      onChange={(event) => {
        setValue(event.currentTarget.value);
        search(event.currentTarget.value);
      }}
    />
  );
}
