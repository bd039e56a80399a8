import {
  concatHex,
  createPublicClient,
  createWalletClient,
  encodeFunctionData,
  encodePacked,
  getAddress,
  getContractAddress,
  http,
  isAddressEqual,
  keccak256,
  pad,
  parseEther,
  slice,
  parseEventLogs,
  zeroAddress,
  zeroHash,
  type Address,
  type Hex,
} from "viem";
import { privateKeyToAccount } from "viem/accounts";
import {
  pluginTokenAbi,
  SAFE_141,
  SAFE_VERSION,
  safeL2Abi,
  safeProxyFactoryAbi,
  stakingRewardsAbi,
  type Deployment,
} from "@pli/abis";
import { safeArtifact, singletonFactoryDeployment, type SafeArtifactName } from "./safe-artifacts.ts";
import { receiptOf } from "../../scripts/lib/receipt.ts";

const CANONICAL: Record<SafeArtifactName, Address> = {
  SafeL2: SAFE_141.safeL2,
  SafeProxyFactory: SAFE_141.safeProxyFactory,
  MultiSendCallOnly: SAFE_141.multiSendCallOnly,
  CompatibilityFallbackHandler: SAFE_141.compatibilityFallbackHandler,
  SignMessageLib: SAFE_141.signMessageLib,
};

function clients(rpcUrl: string, key: Hex) {
  const transport = http(rpcUrl);
  return {
    account: privateKeyToAccount(key),
    publicClient: createPublicClient({ transport }),
    walletClient: createWalletClient({ account: privateKeyToAccount(key), transport }),
  };
}

async function hasCode(rpcUrl: string, address: Address): Promise<boolean> {
  const code = await createPublicClient({ transport: http(rpcUrl) }).getCode({ address });
  return code !== undefined && code !== "0x";
}

/**
 * Deploys the singleton factory from its presigned transaction (funding its signer from `funderKey`) and, through it
 * with a zero salt, the Safe 1.4.1 contracts at their canonical addresses. Whatever is already there is left alone.
 */
export async function deploySafeContracts(options: { rpcUrl: string; funderKey: Hex }): Promise<void> {
  const { account, publicClient, walletClient } = clients(options.rpcUrl, options.funderKey);
  const mined = async (hash: Hex) => {
    const receipt = await receiptOf(publicClient, hash, { intervalMs: 50, timeoutMs: 180_000 });
    if (receipt.status !== "success") throw new Error(`Safe deployment transaction ${hash} reverted`);
  };
  if (!(await hasCode(options.rpcUrl, SAFE_141.singletonFactory))) {
    const factory = singletonFactoryDeployment(await publicClient.getChainId());
    const cost = BigInt(factory.gasPrice) * BigInt(factory.gasLimit);
    const balance = await publicClient.getBalance({ address: factory.signerAddress });
    if (balance < cost)
      await mined(
        await walletClient.sendTransaction({ to: factory.signerAddress, value: cost - balance, chain: null, account }),
      );
    await mined(await publicClient.request({ method: "eth_sendRawTransaction", params: [factory.transaction] }));
  }
  for (const [name, address] of Object.entries(CANONICAL) as [SafeArtifactName, Address][]) {
    if (await hasCode(options.rpcUrl, address)) continue;
    const data = concatHex([zeroHash, safeArtifact(name).bytecode]);
    await mined(await walletClient.sendTransaction({ to: SAFE_141.singletonFactory, data, chain: null, account }));
    if (!(await hasCode(options.rpcUrl, address)))
      throw new Error(`${name} did not land at its canonical address ${address}`);
  }
}

/** What a Safe is: its owners, threshold, nonce and version, read from the chain. */
export async function readSafe(rpcUrl: string, safe: Address) {
  const client = createPublicClient({ transport: http(rpcUrl) });
  const contract = { address: safe, abi: safeL2Abi } as const;
  const [owners, threshold, nonce, version] = await Promise.all([
    client.readContract({ ...contract, functionName: "getOwners" }),
    client.readContract({ ...contract, functionName: "getThreshold" }),
    client.readContract({ ...contract, functionName: "nonce" }),
    client.readContract({ ...contract, functionName: "VERSION" }),
  ]);
  return { owners: owners.map((o) => getAddress(o)), threshold: Number(threshold), nonce, version };
}

/**
 * Creates (once: the address follows from the owners, threshold and salt) a SafeL2 proxy with the canonical fallback
 * handler. Returns its address and the block it was created in (the indexer's start block for it).
 */
export async function createSafe(options: {
  rpcUrl: string;
  funderKey: Hex;
  owners: readonly Address[];
  threshold: number;
  saltNonce?: bigint;
  /** The Safe contract the proxy runs: SafeL2 unless told (a test gives the L1 Safe, which checkSafe refuses). */
  singleton?: Address;
}): Promise<{ address: Address; startBlock: number }> {
  const singleton = options.singleton ?? SAFE_141.safeL2;
  const { publicClient, walletClient } = clients(options.rpcUrl, options.funderKey);
  const initializer = encodeFunctionData({
    abi: safeL2Abi,
    functionName: "setup",
    args: [
      options.owners,
      BigInt(options.threshold),
      zeroAddress,
      "0x",
      SAFE_141.compatibilityFallbackHandler,
      zeroAddress,
      0n,
      zeroAddress,
    ],
  });
  const saltNonce = options.saltNonce ?? 0n;
  const factory = { address: SAFE_141.safeProxyFactory, abi: safeProxyFactoryAbi } as const;
  const proxyCreationCode = await publicClient.readContract({ ...factory, functionName: "proxyCreationCode" });
  const address = getContractAddress({
    opcode: "CREATE2",
    from: SAFE_141.safeProxyFactory,
    salt: keccak256(encodePacked(["bytes32", "uint256"], [keccak256(initializer), saltNonce])),
    bytecode: concatHex([proxyCreationCode, pad(singleton)]),
  });
  if (await hasCode(options.rpcUrl, address)) {
    const [created] = await publicClient.getContractEvents({
      ...factory,
      eventName: "ProxyCreation",
      args: { proxy: address },
      fromBlock: 0n,
    });
    if (!created) throw new Error(`${address} exists but its creation is not on this chain`);
    return { address, startBlock: Number(created.blockNumber) };
  }
  const hash = await walletClient.writeContract({
    ...factory,
    functionName: "createProxyWithNonce",
    args: [singleton, initializer, saltNonce],
    chain: null,
  });
  const receipt = await receiptOf(publicClient, hash, { intervalMs: 50, timeoutMs: 180_000 });
  if (receipt.status !== "success" || !(await hasCode(options.rpcUrl, address)))
    throw new Error(`Creating the Safe failed (tx ${hash})`);
  return { address, startBlock: Number(receipt.blockNumber) };
}

export class SafeCheckError extends Error {}

/**
 * Refuses a handover target that is not a SafeL2 1.4.x with exactly `expected` owners and threshold: `transferOwnership`
 * is final, and a wrong address would lock every admin function for good. A proxy of the L1 Safe moves the contracts
 * like a SafeL2 but emits no `SafeMultiSigTransaction`, from which the indexer learns of executions: the portal would
 * never see one, its queue would stand still and no record update would apply.
 */
export async function checkSafe(
  rpcUrl: string,
  safe: Address,
  expected: { owners: readonly Address[]; threshold: number },
): Promise<void> {
  if (!(await hasCode(rpcUrl, safe))) throw new SafeCheckError(`${safe} has no contract code: not a Safe`);
  const info = await readSafe(rpcUrl, safe).catch(() => undefined);
  if (!info) throw new SafeCheckError(`${safe} does not answer as a Safe (getOwners, getThreshold, VERSION)`);
  if (!info.version.startsWith("1.4."))
    throw new SafeCheckError(`${safe} is Safe ${info.version}, not ${SAFE_VERSION}`);
  const client = createPublicClient({ transport: http(rpcUrl) });
  const slotZero = await client.getStorageAt({ address: safe, slot: zeroHash });
  const singleton = getAddress(slice(slotZero ?? zeroHash, 12));
  const singletonCode = await client.getCode({ address: singleton });
  if (singletonCode === undefined || keccak256(singletonCode) !== keccak256(safeArtifact("SafeL2").deployedBytecode))
    throw new SafeCheckError(
      `${safe} runs the Safe contract at ${singleton}, not SafeL2 ${SAFE_VERSION}: the portal would never see its executions`,
    );
  const sameOwners =
    info.owners.length === expected.owners.length &&
    expected.owners.every((o) => info.owners.some((x) => isAddressEqual(x, o)));
  if (!sameOwners) throw new SafeCheckError(`${safe} is owned by ${info.owners.join(", ")}, not the expected owners`);
  if (info.threshold !== expected.threshold)
    throw new SafeCheckError(`${safe} needs ${info.threshold} confirmations, not ${expected.threshold}`);
}

/**
 * Makes the Safe the owner of StakingRewards and PluginFarm (Ownable: one step, final), after checkSafe. The
 * contracts whose owner already is the Safe are skipped. Returns the transactions sent.
 */
export async function handOwnershipToSafe(options: {
  rpcUrl: string;
  ownerKey: Hex;
  deployment: Pick<Deployment, "contracts">;
  safe: Address;
  expected: { owners: readonly Address[]; threshold: number };
}): Promise<Hex[]> {
  await checkSafe(options.rpcUrl, options.safe, options.expected);
  const { publicClient, walletClient } = clients(options.rpcUrl, options.ownerKey);
  const sent: Hex[] = [];
  // Both contracts inherit Ownable's owner/transferOwnership; StakingRewards' ABI serves for each.
  for (const address of [options.deployment.contracts.stakingRewards, options.deployment.contracts.pluginFarm]) {
    const contract = { address, abi: stakingRewardsAbi } as const;
    const owner = await publicClient.readContract({ ...contract, functionName: "owner" });
    if (isAddressEqual(owner, options.safe)) continue;
    const hash = await walletClient.writeContract({
      ...contract,
      functionName: "transferOwnership",
      args: [options.safe],
      chain: null,
    });
    const receipt = await receiptOf(publicClient, hash, { intervalMs: 50, timeoutMs: 180_000 });
    if (receipt.status !== "success") throw new Error(`Handing ${address} to the Safe reverted (tx ${hash})`);
    const transferred = parseEventLogs({ abi: contract.abi, logs: receipt.logs, eventName: "OwnershipTransferred" });
    if (transferred.length !== 1) throw new Error(`No OwnershipTransferred in ${hash}`);
    sent.push(hash);
  }
  return sent;
}

/** Whether the Safe owns the portal's contracts (then every admin chain action goes through it). */
export async function safeOwnsContracts(rpcUrl: string, deployment: Pick<Deployment, "contracts">, safe: Address) {
  const client = createPublicClient({ transport: http(rpcUrl) });
  const owner = await client.readContract({
    address: deployment.contracts.stakingRewards,
    abi: stakingRewardsAbi,
    functionName: "owner",
  });
  return isAddressEqual(owner, safe);
}

/** Mints PLI to the Safe (the dev token's owner mints) and gives its owners native coin for gas. */
export async function fundSafe(options: {
  rpcUrl: string;
  ownerKey: Hex;
  deployment: Pick<Deployment, "contracts">;
  safe: Address;
  pli: bigint;
  owners: readonly Address[];
}): Promise<void> {
  const { publicClient, walletClient, account } = clients(options.rpcUrl, options.ownerKey);
  const mined = async (hash: Hex) => {
    await receiptOf(publicClient, hash, { intervalMs: 50, timeoutMs: 180_000 });
  };
  await mined(
    await walletClient.writeContract({
      address: options.deployment.contracts.pliToken,
      abi: pluginTokenAbi,
      functionName: "mint",
      args: [options.safe, options.pli],
      chain: null,
    }),
  );
  for (const owner of options.owners)
    await mined(await walletClient.sendTransaction({ to: owner, value: parseEther("100"), chain: null, account }));
}
