import { z } from "zod";

/** What `npm run dev`'s Vite server reads: where it forwards the API's paths. */
export const devServerEnvSchema = z.object({
  API_URL: z.url({ protocol: /^https?$/ }).default("http://127.0.0.1:8787"),
});
