export interface RateLimitTable {
  key: string;
  window_start: Date;
  hits: number;
}

export interface RateLimitTables {
  "app.rate_limit": RateLimitTable;
}
