import { Stack } from "@mantine/core";
import { Address } from "./address";
import { LongValue } from "./long-value";

/**
 * An operator in a list's cell: the email on one line (a long one cut, whole on hover, so the table keeps its width),
 * then the wallet.
 */
export function OperatorCell({ email, wallet }: { email: string; wallet: string }) {
  return (
    <Stack gap={2}>
      {email ? <LongValue value={email} mono={false} maw="16rem" /> : "-"}
      <Address value={wallet} />
    </Stack>
  );
}
