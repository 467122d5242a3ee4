import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { FundDto, FundMakeupRowDto } from '#shared/api/funds.ts';
import { createTestQueryClient } from '@/testing/query-client.ts';
import { renderWithProviders } from '@/testing/render.tsx';
import { fundKeys } from './api/fund-keys.ts';
import { FundHistoryPanel } from './fund-history-panel.tsx';

const fund: FundDto = {
  FundId: 'F1',
  Name: 'Health Exclusive',
  Description: '',
  Code: 'HLTH-EX',
  LineOfBusiness: 2,
  Category: 1,
  CategoryLabel: 'LeadConnect',
  Channel: 2,
  StartDate: '2026-01-01T00:00:00.000Z',
  EndDate: '2030-01-01T00:00:00.000Z',
  IsActive: true,
  IsLiveTransfer: false,
  CaptivePrice: 30,
  BrokerPrice: 35,
  Price: 0,
  SpecifiedAgents: [],
  DisputableStatus: 'No',
  Created: '2026-01-01T00:00:00.000Z',
  Modified: '2026-01-01T00:00:00.000Z',
};

const makeupRow = (n: number): FundMakeupRowDto => ({
  HistoryId: `H${n}`,
  Campaign: `Campaign ${n}`,
  Vendor: 'Acme Leads',
  Priority: n,
  ModifiedBy: 'staff@example.com',
  Modified: '2026-02-01T10:00:00.000Z',
  ChangeType: 'Added',
});

/** The panel with its two histories already read, so nothing is fetched. */
function render(makeupRows: number) {
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(fundKeys.history(fund.FundId), []);
  queryClient.setQueryData(fundKeys.makeup(fund.FundId), Array.from({ length: makeupRows }, (_, i) => makeupRow(i + 1)));
  return renderWithProviders(<FundHistoryPanel fund={fund} canEdit={false} />, { queryClient });
}

const makeupTable = () => screen.getByRole('table', { name: 'Makeup history of Health Exclusive' });
// The test DOM applies no stylesheet media queries, so mantine-datatable renders its rows without cells: rows are counted.
const bodyRows = () => within(makeupTable()).getAllByRole('row').slice(1);

describe('the fund history panel', () => {
  it('pages the makeup history 10 rows at a time (the tables’ default of part 3 §9)', async () => {
    const { user } = render(12);
    expect(bodyRows()).toHaveLength(10);
    await user.click(screen.getByRole('button', { name: '2' }));
    expect(bodyRows()).toHaveLength(2);
  });
});
