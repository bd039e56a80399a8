import { Link } from "react-router-dom";

export function BackLink({ to, label }: { to: string; label: string }) {
  return (
    <Link to={to} className="back-link" aria-label={label}>
      ←
    </Link>
  );
}
