import { VALIDATOR_EXPORT_FILE } from "@pli/api/public-contract";
import { downloadFile } from "@/shared/api/download";
import { api } from "@/shared/api/http";

/** GET /api/validator/export: the whole directory, in the import's columns. */
export const exportValidators = () => downloadFile(api.validator.export.$get(), VALIDATOR_EXPORT_FILE);
