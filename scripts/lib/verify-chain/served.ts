import { API, LIMITS, type IncentiveSummary, type Paged } from "@pli/api/public-contract";
import { callApi } from "../../../test/sessions.ts";
import type { Actors } from "./actors.ts";
import type { ServedFacts } from "./compare.ts";

/** Every document of a paged list route, page by page at the largest page size. */
async function everyPage<T>(apiUrl: string, path: string, token: string): Promise<T[]> {
  const docs: T[] = [];
  for (let page = 1; ; page++) {
    const answer = await callApi<Paged<T>>(apiUrl, `${path}?page=${page}&limit=${LIMITS.maxPageSize}`, { token });
    docs.push(...answer.docs);
    if (page >= answer.totalPages) return docs;
  }
}

/**
 * What the API serves about money, through its HTTP routes with each person's session: the admin's
 * stake list, transaction list, incentive list, cards and payment discrepancies; each operator's
 * getTotal (overall and per portal node), getstatus, transactions and incentives.
 */
export async function readServedFacts(apiUrl: string, actors: Actors): Promise<ServedFacts> {
  const admin = actors.adminToken;
  const [positions, events, incentives, summary, discrepancies] = await Promise.all([
    everyPage<ServedFacts["positions"][number]>(apiUrl, API.stake.root, admin),
    everyPage<ServedFacts["events"][number]>(apiUrl, API.stake.transactions, admin),
    everyPage<ServedFacts["incentives"][number]>(apiUrl, API.incentive.root, admin),
    callApi<IncentiveSummary>(apiUrl, API.incentive.summary, { token: admin }),
    everyPage<ServedFacts["discrepancies"][number]>(apiUrl, API.incentive.discrepancies, admin),
  ]);
  const operators = await Promise.all(
    actors.operators.map(async (operator) => {
      const { token } = operator;
      const [total, nodes, ownEvents, ownIncentives] = await Promise.all([
        callApi<{ tillStake: string }>(apiUrl, API.stake.total, { token }),
        Promise.all(
          operator.portalNodes.map(async (node) => {
            const [{ tillStake }, { currentStatus }] = await Promise.all([
              callApi<{ tillStake: string }>(apiUrl, `${API.stake.total}?nodeId=${node.id}`, { token }),
              callApi<{ currentStatus: ServedFacts["operators"][number]["nodes"][number]["status"] }>(
                apiUrl,
                `${API.stake.status}?nodeId=${node.id}`,
                { token },
              ),
            ]);
            return { id: node.id, total: tillStake, status: currentStatus };
          }),
        ),
        everyPage<ServedFacts["events"][number]>(apiUrl, API.stake.transactions, token),
        everyPage<ServedFacts["operators"][number]["incentives"][number]>(apiUrl, API.incentive.root, token),
      ]);
      return { wallet: operator.address, total: total.tillStake, nodes, events: ownEvents, incentives: ownIncentives };
    }),
  );
  return { positions, events, operators, summary, incentives, discrepancies };
}
