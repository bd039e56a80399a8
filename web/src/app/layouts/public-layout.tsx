import { Link, Outlet } from "react-router-dom";
import { messages } from "../../shared/config/messages";
import { routes } from "../../shared/config/routes";

/** Pages seen before sign-in: a plain header, the page, and the footer. */
export function PublicLayout() {
  return (
    <div className="public-layout">
      <header className="public-layout__header">
        <Link to={routes.home.href()} className="brand">
          {messages.productName}
        </Link>
      </header>
      <main className="public-layout__main">
        <Outlet />
      </main>
      <footer className="public-layout__footer">{messages.copyright}</footer>
    </div>
  );
}
