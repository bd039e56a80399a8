import "@mantine/dates/styles.layer.css";
import { DatePickerInput, type DatePickerPreset } from "@mantine/dates";
import dayjs from "dayjs";
import { DATE_FORMATS } from "../format/dates";
import { useState } from "react";
import { ALL_DATES } from "./export-range-labels";

/** An export's range of whole UTC days as the API takes it (YYYY-MM-DD, first and last day included). */
export interface ExportRange {
  from?: string;
  to?: string;
}

const DAY = "YYYY-MM-DD";

/** Names of the calendar's controls, which show only arrows and the month or year. */
export const CALENDAR_LABELS = {
  monthLevelControl: "Pick a month",
  yearLevelControl: "Pick a year",
  previousMonth: "Previous month",
  nextMonth: "Next month",
  previousYear: "Previous year",
  nextYear: "Next year",
  previousDecade: "Previous decade",
  nextDecade: "Next decade",
};

/** This year, last year and last month, as of `today`. */
export function exportRangePresets(today = dayjs()): DatePickerPreset<"range">[] {
  const lastYear = today.subtract(1, "year");
  const lastMonth = today.subtract(1, "month");
  return [
    { label: "This year", value: [today.startOf("year").format(DAY), today.endOf("year").format(DAY)] },
    { label: "Last year", value: [lastYear.startOf("year").format(DAY), lastYear.endOf("year").format(DAY)] },
    { label: "Last month", value: [lastMonth.startOf("month").format(DAY), lastMonth.endOf("month").format(DAY)] },
  ];
}

/** The range an export screen's picker holds: nothing picked means every date. */
export const useExportRange = () => useState<ExportRange>({});

/** The query of a range: its days when both are picked, nothing otherwise. */
export const rangeQuery = (range: ExportRange) => (range.from && range.to ? { from: range.from, to: range.to } : {});

/**
 * The date range of the screen's exports, with presets (this year, last year, last month); cleared, the exports hold
 * every date. Days are UTC days, as the API reads them. Its name is what it shows (the placeholder, then the range).
 */
export function ExportRangePicker({ value, onChange }: { value: ExportRange; onChange: (range: ExportRange) => void }) {
  return (
    <DatePickerInput
      type="range"
      placeholder={ALL_DATES}
      title="Dates of the exports (UTC days)"
      presets={exportRangePresets()}
      clearable
      clearButtonProps={{ "aria-label": "Clear the dates" }}
      ariaLabels={CALENDAR_LABELS}
      allowSingleDateInRange
      valueFormat={DATE_FORMATS.list}
      value={[value.from ?? null, value.to ?? null]}
      onChange={([from, to]) => onChange({ ...(from ? { from } : {}), ...(to ? { to } : {}) })}
      miw={220}
    />
  );
}
