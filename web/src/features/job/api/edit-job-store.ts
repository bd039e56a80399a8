import type { JobResponse } from "@pli/api/public-contract";
import { hasId, jsonStore } from "@/shared/session/json-store";
import { SIGNED_IN_RECORDS } from "@/shared/session/token-store";

/** The job being viewed or edited travels in local storage under `editjob` (spec section 2). */
export const editJobStore = jsonStore<JobResponse>(() => localStorage, SIGNED_IN_RECORDS.editJob, hasId);
