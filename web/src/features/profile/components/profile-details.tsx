import type { UserResponse } from "@pli/api/contract";

export function ProfileDetails({ me }: { me: UserResponse }) {
  return (
    <dl className="details">
      <div>
        <dt>Wallet Address</dt>
        <dd className="mono">{me.walletAddress}</dd>
      </div>
      <div>
        <dt>Email</dt>
        <dd>{me.email || "-"}</dd>
      </div>
      <div>
        <dt>Role</dt>
        <dd>{me.userRole}</dd>
      </div>
      <div>
        <dt>Two-factor authentication</dt>
        <dd>{me.twofa === "Yes" ? "Enabled" : "Not enabled"}</dd>
      </div>
      <div>
        <dt>Member since</dt>
        <dd>{new Date(me.createdAt).toLocaleDateString("en-GB")}</dd>
      </div>
    </dl>
  );
}
