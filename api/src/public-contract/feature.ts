/** Marks a feature's descriptor, so the barrel finds it among everything a schema.ts exports. */
const FEATURE: unique symbol = Symbol("feature contract");

/** What one feature adds to the public contract: its entries of the `API` map and its messages. */
export interface FeatureContract<Api extends object = object, Messages extends object = object> {
  readonly [FEATURE]: true;
  readonly api: Api;
  readonly messages: Messages;
}

/** A feature's descriptor, exported by its schema.ts; the barrel (public-contract/index.ts) gathers them. */
export const featureContract = <const Api extends object, const Messages extends object = Record<never, never>>(
  api: Api,
  messages?: Messages,
): FeatureContract<Api, Messages> => ({
  [FEATURE]: true,
  api,
  messages: messages ?? ({} as Messages),
});

const isFeatureContract = (value: unknown): value is FeatureContract =>
  typeof value === "object" && value !== null && FEATURE in value;

type UnionToIntersection<U> = (U extends unknown ? (u: U) => void : never) extends (i: infer I) => void ? I : never;
type ContractsOf<Exports> = Extract<Exports[keyof Exports], FeatureContract>;

/**
 * Joins objects into one, refusing a key two of them define: one path name and one message per key in the whole
 * product.
 */
function joinOnce(what: string, parts: object[]): object {
  const joined: Record<string, unknown> = {};
  for (const part of parts) {
    for (const [key, value] of Object.entries(part)) {
      if (key in joined) throw new Error(`Two features define the ${what} key "${key}"`);
      joined[key] = value;
    }
  }
  return joined;
}

/**
 * The `API` map and the feature messages, joined from the descriptors among a module's exports (other exports are
 * ignored).
 */
export function gatherContracts<Exports extends object>(exports: Exports) {
  const contracts = Object.values(exports).filter(isFeatureContract);
  return {
    api: joinOnce(
      "API",
      contracts.map((contract) => contract.api),
    ) as UnionToIntersection<ContractsOf<Exports>["api"]>,
    messages: joinOnce(
      "message",
      contracts.map((contract) => contract.messages),
    ) as UnionToIntersection<ContractsOf<Exports>["messages"]>,
  };
}
