export { pluginTokenAbi } from "./generated/PluginToken.ts";
export { stakingRewardsAbi } from "./generated/StakingRewards.ts";
export { pluginFarmAbi } from "./generated/PluginFarm.ts";
export { mockPriceFeedAbi } from "./generated/MockPriceFeed.ts";
export { aggregatorV3Abi } from "./price-feed.ts";
export { addressSchema, checkSafeEnv, deploymentSchema, safeEnvFields, type Deployment } from "./deployment.ts";
export { STAKE_STATUS, type StakeStatus } from "./stake-status.ts";
export { DEFAULT_SETTINGS } from "./settings.ts";
export { chainHttp, normalizeChainAnswer, normalizedTransport } from "./chain-transport.ts";
export { ChainProbeError, describeProbe, probeChain, type ChainProbe } from "./chain-probe.ts";
export { networkValues, XDC_NETWORKS, type NetworkValues } from "./networks.ts";
export {
  execTransactionArgs,
  multiSendCall,
  multiSendCallOnlyAbi,
  packSafeSignatures,
  plainSafeTx,
  SAFE_141,
  SAFE_OPERATION,
  SAFE_TX_TYPES,
  SAFE_VERSION,
  safeDomainHash,
  safeL2Abi,
  safeProxyFactoryAbi,
  safeTxFromJson,
  safeTxHash,
  safeTxTypedData,
  type SafeConfirmation,
  type SafeTx,
  type SafeTxJson,
} from "./safe.ts";
