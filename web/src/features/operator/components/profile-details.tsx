import { TWOFA, type OperatorResponse } from "@pli/api/public-contract";
import { formatDate } from "@/shared/format/dates";
import { Address } from "@/shared/ui/address";
import { Detail, DetailGrid, plainValue } from "@/shared/ui/detail";

export function ProfileDetails({ me }: { me: OperatorResponse }) {
  return (
    <DetailGrid>
      <Detail label="Wallet Address">
        <Address value={me.walletAddress} />
      </Detail>
      <Detail label="Email">{plainValue(me.email)}</Detail>
      <Detail label="Role">{plainValue(me.userRole)}</Detail>
      <Detail label="Two-factor authentication">
        {plainValue(me.twofa === TWOFA.yes ? "Enabled" : "Not enabled")}
      </Detail>
      <Detail label="Member since">{plainValue(formatDate(me.createdAt))}</Detail>
    </DetailGrid>
  );
}
