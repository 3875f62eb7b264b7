import type * as z from 'zod';
import type {
  DepreciationReport as DepreciationReportSchema,
  ProfitAndLossReport as ProfitAndLossReportSchema,
  RentRollReport as RentRollReportSchema,
  ScheduleEReport as ScheduleEReportSchema,
  TransactionsByCategoryReport as TransactionsByCategorySchema,
} from '../domain/reports.js';

/** The reports as the API answers them (money as signed decimals): what the row models read, in the browser and in the tax package job. */
export type ProfitAndLossData = z.output<typeof ProfitAndLossReportSchema>;
export type ScheduleEData = z.output<typeof ScheduleEReportSchema>;
export type ScheduleEWorksheetData = ScheduleEData['worksheets'][number];
export type DepreciationData = z.output<typeof DepreciationReportSchema>;
export type PropertyDepreciationData = DepreciationData['properties'][number];
export type RentRollData = z.output<typeof RentRollReportSchema>;
export type TransactionsByCategoryData = z.output<typeof TransactionsByCategorySchema>;
