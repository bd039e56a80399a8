/** `npm run build:production`: the production build (scripts/lib/production-build.ts), as the Dockerfile runs it. */
import { buildProduction, PRODUCTION_FILES } from "./lib/production-build.ts";

const started = performance.now();
await buildProduction();
console.log(`Built ${PRODUCTION_FILES.join(", ")} in ${Math.round(performance.now() - started)} ms`);
