import { MESSAGES } from "@pli/api/contract";
import { Link } from "react-router-dom";
import { routes } from "../../../shared/config/routes";
import { useMe } from "../../../shared/session/me";
import { ProfileDetails } from "../components/profile-details";

export function ViewProfilePage() {
  const me = useMe();
  return (
    <section className="card">
      <div className="toolbar">
        <h2>Profile</h2>
        <Link className="button button--primary" to={routes.editProfile.href()}>
          Edit Profile
        </Link>
      </div>
      {me.data ? <ProfileDetails me={me.data} /> : <p className="muted">{MESSAGES.loading}</p>}
    </section>
  );
}
