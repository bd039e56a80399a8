import { useEffect } from "react";
import { logoSrc, useBrand } from "@/shared/setting/brand";
import { useRouteHandle } from "./route-title";

/** The favicon index.html names, kept when the settings have no logo. */
let defaultIcon: { href: string; type: string } | null = null;

function setFavicon(href: string | null) {
  const link = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
  if (!link) return;
  defaultIcon ??= { href: link.getAttribute("href") ?? "", type: link.type };
  link.href = href ?? defaultIcon.href;
  link.type = href ? "" : defaultIcon.type;
}

/**
 * The tab's title ("Dashboard · <application name>") and favicon (the settings' logo) follow the page and the site
 * settings; index.html's stay until the settings have loaded.
 */
export function DocumentHead() {
  const brand = useBrand();
  const { title } = useRouteHandle();
  const name = brand.applicationName;
  useEffect(() => {
    if (name) document.title = title ? `${title} · ${name}` : name;
  }, [title, name]);
  const icon = logoSrc(brand);
  useEffect(() => {
    if (name) setFavicon(icon);
  }, [icon, name]);
  return null;
}
