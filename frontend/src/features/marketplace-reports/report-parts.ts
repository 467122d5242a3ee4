// What a marketplace report hands the shared report frame (frontend/src/components/report-frame.tsx,
// composed by the route): its filters, Submit and Export work, the count and the table. Declared here
// by shape, since features do not import each other.
import type { ReactNode } from 'react';
import type { DayRange } from './api/performance-reports.ts';
import type { DownloadLink } from './report-format.ts';

export interface ReportParts {
  children?: ReactNode;
  dates?: boolean;
  initialRange?: DayRange;
  onSubmit: (range: DayRange | null) => void;
  canSubmit?: boolean;
  loading?: boolean;
  onExport?: (range: DayRange | null, progress: (text: string) => void) => Promise<DownloadLink>;
  count?: number;
  countText?: (count: number) => string;
  empty?: 'period' | 'criteria';
  table?: ReactNode;
}
