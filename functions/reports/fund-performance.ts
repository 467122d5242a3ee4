// GET /api/fundperformance/start/{YYYY-MM-DD}/end/{YYYY-MM-DD}: each fund's sales and margin; and its
// CSV export, whose end is the day after the last day shown (part 3 §7).
import { exportFundPerformance, fundPerformance } from '#core/reports/performance-reports.ts';
import { ok, route } from '#platform/http.ts';

export const getFundPerformance = route('reports.fundPerformance', {
  handle: async ({ params }) => ok({ Result: await fundPerformance(params) }),
});

export const exportFundPerformanceCsv = route('reports.fundPerformanceExport', {
  handle: async ({ params }) => {
    const file = await exportFundPerformance(params);
    return ok({ Url: file.url, FileName: file.fileName });
  },
});
