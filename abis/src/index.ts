export { pluginTokenAbi } from "./generated/PluginToken.ts";
export { stakingRewardsAbi } from "./generated/StakingRewards.ts";
export { pluginFarmAbi } from "./generated/PluginFarm.ts";
export { mockPriceFeedAbi } from "./generated/MockPriceFeed.ts";
export { aggregatorV3Abi } from "./price-feed.ts";
export { addressSchema, deploymentSchema, type Deployment } from "./deployment.ts";
export { STAKE_STATUS, type StakeStatus } from "./stake-status.ts";
export { DEFAULT_SETTINGS } from "./settings.ts";
export { networkValues, XDC_NETWORKS, type NetworkValues } from "./networks.ts";
