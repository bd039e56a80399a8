import { useRouteTitle } from "../layouts/route-title";

/** Routes whose screens arrive in later releases show the frame and their title. */
export function RouteTitlePage() {
  const title = useRouteTitle();
  return (
    <section className="card">
      <h2>{title}</h2>
      <p className="muted">This section opens in an upcoming release of the portal.</p>
    </section>
  );
}
