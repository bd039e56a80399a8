import { useEffect } from "react";
import { useLocation } from "react-router-dom";

/** The spec asks for every navigation to start at the top of the page. */
export function ScrollToTop() {
  const { pathname, search } = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname, search]);
  return null;
}
