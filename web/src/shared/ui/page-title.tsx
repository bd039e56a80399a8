import { createContext, useContext, useEffect, useState, type ReactNode } from "react";

const SetTitleContext = createContext<(title: string | null) => void>(() => undefined);
const TitleContext = createContext<string | null>(null);

/** Lets a page replace the header's title while it is shown (e.g. 'View RPC' until 'Edit' is pressed). */
export function PageTitleProvider({ children }: { children: ReactNode }) {
  const [title, setTitle] = useState<string | null>(null);
  return (
    <SetTitleContext.Provider value={setTitle}>
      <TitleContext.Provider value={title}>{children}</TitleContext.Provider>
    </SetTitleContext.Provider>
  );
}

/** The title a page set, or null to use the route's. */
export const usePageTitleOverride = () => useContext(TitleContext);

/** Shows `title` in the header while the calling page is mounted. */
export function usePageTitle(title: string) {
  const setTitle = useContext(SetTitleContext);
  useEffect(() => {
    setTitle(title);
    return () => setTitle(null);
  }, [title, setTitle]);
}
