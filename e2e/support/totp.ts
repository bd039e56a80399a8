export { awayFromStepEdge, totpCode } from "../../test/sessions.ts";
