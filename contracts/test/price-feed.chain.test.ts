import { createPublicClient, createWalletClient, getContract, http } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { foundry } from "viem/chains";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { aggregatorV3Abi, mockPriceFeedAbi } from "@pli/abis";
import { deployMockPriceFeed } from "../scripts/deploy.ts";
import { startAnvil, type Anvil } from "../../scripts/lib/anvil.ts";
import { DEV_KEYS } from "../../scripts/lib/dev-accounts.ts";
import { expectRevert } from "./fixture.ts";
import { receiptOf } from "../../scripts/lib/receipt.ts";

let anvil: Anvil;
let feed: Awaited<ReturnType<typeof open>>;

async function open() {
  const address = await deployMockPriceFeed({ rpcUrl: anvil.rpcUrl, ownerKey: DEV_KEYS.owner });
  const transport = http(anvil.rpcUrl);
  const publicClient = createPublicClient({ transport, pollingInterval: 10 });
  const wallet = (key: `0x${string}`) =>
    getContract({
      address,
      abi: mockPriceFeedAbi,
      client: {
        public: publicClient,
        wallet: createWalletClient({ account: privateKeyToAccount(key), chain: foundry, transport }),
      },
    });
  const mined = async (hash: Promise<`0x${string}`>) => receiptOf(publicClient, await hash);
  const now = async () => (await publicClient.getBlock()).timestamp;
  const standard = getContract({ address, abi: aggregatorV3Abi, client: publicClient });
  return { owner: wallet(DEV_KEYS.owner), outsider: wallet(DEV_KEYS.outsider), standard, mined, now };
}

beforeAll(async () => {
  anvil = await startAnvil();
  feed = await open();
});
afterAll(() => anvil?.stop());

describe("MockPriceFeed", () => {
  it("answers the standard aggregator interface with the rounds its owner added", async () => {
    const { owner, outsider, standard, mined, now } = feed;
    expect(await standard.read.decimals()).toBe(8);
    expect(await standard.read.description()).toBe("PLI / USD");
    await expectRevert(standard.read.latestRoundData(), "No data present");
    const earlier = (await now()) - 3600n;
    await mined(owner.write.addRound([4_000_000n, earlier]));
    await mined(owner.write.addRound([4_200_000n, await now()]));
    const latest = await standard.read.latestRoundData();
    expect(latest.slice(0, 2)).toEqual([2n, 4_200_000n]);
    expect(await standard.read.getRoundData([1n])).toEqual([1n, 4_000_000n, earlier, earlier, 1n]);
    await expectRevert(standard.read.getRoundData([3n]), "No data present");
    await expectRevert(owner.write.addRound([1n, (await now()) + 3600n]), "Round is in the future");
    await expectRevert(owner.write.addRound([1n, earlier - 1n]), "Round is before the last");
    await expect(outsider.write.addRound([1n, await now()])).rejects.toThrow(/OwnableUnauthorizedAccount/);
  });
});
