import {
  IconCoin,
  IconDashboard,
  IconGift,
  IconIdBadge2,
  IconListDetails,
  IconMailPlus,
  IconServer,
  IconSettings,
  IconTicket,
  IconTransfer,
  IconUser,
  IconWallet,
  IconWorld,
  type Icon,
} from "@tabler/icons-react";
import type { RouteName } from "@/shared/config/routes";

/** The icon shown beside each navigation link. */
export const NAV_ICONS: Partial<Record<RouteName, Icon>> = {
  dashboard: IconDashboard,
  listNode: IconServer,
  transactions: IconTransfer,
  listIncentive: IconGift,
  listRpc: IconWorld,
  listWallet: IconWallet,
  viewProfile: IconUser,
  adminDashboard: IconDashboard,
  adminListNode: IconServer,
  adminListJob: IconListDetails,
  adminListStake: IconCoin,
  adminListIncentive: IconGift,
  adminListRpc: IconWorld,
  adminListTicket: IconTicket,
  adminValidators: IconIdBadge2,
  adminInvites: IconMailPlus,
  adminSiteSetting: IconSettings,
};
