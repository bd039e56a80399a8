export { totpCode } from "../../test/sessions.ts";
