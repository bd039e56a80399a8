import { MESSAGES } from "@pli/api/public-contract";
import { Anchor, Stack, Switch, Text } from "@mantine/core";
import { Link } from "react-router-dom";
import { errorMessage } from "@/shared/api/http";
import { settle } from "@/shared/api/settle";
import { routes } from "@/shared/config/routes";
import { useToast } from "@/shared/ui/toast";
import { useNetworkListing, useSaveNetworkListing } from "../api/network-listing";
import { profileMessages } from "../messages";

/** The switch that shows the operator's node names on the public network page (off: only the node addresses). */
export function NetworkListingSwitch() {
  const listing = useNetworkListing();
  const save = useSaveNetworkListing();
  const toast = useToast();
  if (!listing.data) return <Text c="dimmed">{listing.isError ? errorMessage(listing.error) : MESSAGES.loading}</Text>;
  return (
    <Stack gap="sm">
      <Switch
        label={profileMessages.showNodeNames}
        description={profileMessages.showNodeNamesDescription}
        checked={listing.data.showNodeNames}
        disabled={save.isPending}
        onChange={(event) =>
          void settle(
            save,
            { showNodeNames: event.currentTarget.checked },
            { onSuccess: (result) => toast.success(result.message ?? MESSAGES.networkListingSaved) },
          )
        }
      />
      <Anchor component={Link} to={routes.network.href()} size="sm">
        {profileMessages.openNetwork}
      </Anchor>
    </Stack>
  );
}
