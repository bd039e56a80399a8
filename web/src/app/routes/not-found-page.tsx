import { Link } from "react-router-dom";
import { messages } from "../../shared/config/messages";
import { paths } from "../paths";

export function NotFoundPage() {
  return (
    <section className="card">
      <h1>{messages.notFoundTitle}</h1>
      <Link className="link" to={paths.home.getHref()}>
        {messages.backHome}
      </Link>
    </section>
  );
}
