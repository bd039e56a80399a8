import { Link } from "react-router-dom";
import { messages } from "../../shared/config/messages";
import { routes } from "../../shared/config/routes";

export function NotFoundPage() {
  return (
    <section className="card">
      <h1>{messages.notFoundTitle}</h1>
      <Link className="link" to={routes.home.href()}>
        {messages.backHome}
      </Link>
    </section>
  );
}
