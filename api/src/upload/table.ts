import type { Timestamp } from "../shared/table-types.ts";

export interface UploadTable {
  file_name: string;
  original_name: string;
  content_type: string;
  size: number;
  uploaded_by: string;
  created_at: Timestamp;
}

export interface UploadTables {
  "app.upload": UploadTable;
}
