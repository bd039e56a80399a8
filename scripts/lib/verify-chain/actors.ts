import { encodePacked, getAddress, keccak256, maxUint256, parseEther, slice, type Address, type Hex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { provisionAdmin } from "@pli/api/admin";
import { API, USER_ROLE } from "@pli/api/public-contract";
import type { Db } from "@pli/api/db/database";
import { upsertDirectoryEntry } from "@pli/api/validator-check";
import { pli } from "../../../test/chain.ts";
import { adminSession, callApi, operatorSessionWith2fa, outboxInbox } from "../../../test/sessions.ts";
import { DEV_KEYS } from "../dev-accounts.ts";
import type { HarnessChain } from "./chain.ts";

/**
 * Nodes per operator: the first NODES_IN_PORTAL are registered in the portal (the node limit), the rest exist on the
 * chain only.
 */
const NODES_PER_OPERATOR = 4;
const NODES_IN_PORTAL = 2;
const PLI_PER_OPERATOR = pli(50_000_000);
const PLI_FOR_OWNER = pli(10_000_000_000);

export interface Actor {
  key: Hex;
  address: Address;
}

export interface Operator extends Actor {
  email: string;
  /** The operator's session token (Sign-In With Ethereum, then TOTP). */
  token: string;
  nodes: Address[];
  /** The nodes registered in the portal, by their portal id. */
  portalNodes: { id: string; address: Address }[];
}

export interface Actors {
  /** The contracts' owner: the admin's wallet. */
  owner: Actor;
  operators: Operator[];
  /** An admin's session token (password, then the emailed code). */
  adminToken: string;
}

/** A value derived from the seed, so the same seed gives the same wallets and nodes. */
const derived = (seed: number, ...path: (string | number)[]) =>
  keccak256(encodePacked(["uint256", "string"], [BigInt(seed), path.join("/")]));

/**
 * The run's people: the owner, `count` operator wallets (keys from the seed) funded with XDC and PLI,
 * each approving the staking contract, listed in the validator directory, signed in through the API
 * with 2FA on and owning two portal nodes; and an admin signed in with password and emailed code.
 */
export async function setUpActors(
  deps: { chain: HarnessChain; db: Db; apiUrl: string; outboxDir: string },
  { seed, count }: { seed: number; count: number },
): Promise<Actors> {
  const { chain, db, apiUrl } = deps;
  const owner: Actor = { key: DEV_KEYS.owner, address: privateKeyToAccount(DEV_KEYS.owner).address };
  const ownerToken = chain.as(owner.key).token;
  const wallets = Array.from({ length: count }, (_, index) => {
    const key = derived(seed, "operator", index);
    return { index, key, address: privateKeyToAccount(key).address, email: `operator-${index}@verify-chain.test` };
  });

  await chain.mined(ownerToken.write.mint([owner.address, PLI_FOR_OWNER]));
  for (const wallet of wallets) {
    await chain.testClient.setBalance({ address: wallet.address, value: parseEther("1000000") });
    await chain.mined(ownerToken.write.mint([wallet.address, PLI_PER_OPERATOR]));
    await chain.mined(
      chain.as(wallet.key).token.write.approve([chain.deployment.contracts.stakingRewards, maxUint256]),
    );
    await upsertDirectoryEntry(db, {
      walletAddress: wallet.address,
      email: wallet.email,
      userRole: USER_ROLE.validator,
    });
  }

  const admin = await provisionAdmin(db, { email: "admin@verify-chain.test", name: "Verify Chain" });
  const adminToken = await adminSession(
    apiUrl,
    { email: admin.admin.email, password: admin.password },
    outboxInbox(deps.outboxDir),
  );

  const operators: Operator[] = [];
  for (const wallet of wallets) {
    const { token } = await operatorSessionWith2fa(apiUrl, wallet.key);
    const nodes = Array.from({ length: NODES_PER_OPERATOR }, (_, n) =>
      getAddress(slice(derived(seed, "node", wallet.index, n), 12)),
    );
    const portalNodes: Operator["portalNodes"] = [];
    for (const [n, address] of nodes.slice(0, NODES_IN_PORTAL).entries()) {
      const { data } = await callApi<{ data: { _id: string } }>(apiUrl, API.node.root, {
        token,
        body: {
          name: `Verify node ${wallet.index}-${n}`,
          ipaddress: `127.0.${wallet.index + 1}.${n + 10}`,
          nodeAddress: address,
          oracleAddress: getAddress(slice(derived(seed, "oracle", wallet.index, n), 12)),
          provider: "Vultr",
          os: "Ubuntu 24.04",
          ram: 32,
          storage: 500,
          security: "6.8.0-45",
        },
      });
      portalNodes.push({ id: data._id, address });
    }
    operators.push({ key: wallet.key, address: wallet.address, email: wallet.email, token, nodes, portalNodes });
  }
  return { owner, operators, adminToken };
}
