export { chainActor, pli } from "./chain.ts";
