// The price factor table (spec part 3 §2, §3): Key, Min, Max, Weight and who added and changed each
// factor, 20 a page; the page number is the URL's (?page=).
import { Text } from '@mantine/core';
import type { DataTableColumn } from 'mantine-datatable';
import { formatDateTime } from '@/components/date-time.ts';
import { ServerDataTable } from '@/components/server-data-table.tsx';
import type { PriceFactorDto } from '#shared/api/price-factors.ts';
import { PRICE_FACTORS_PAGE_SIZE } from '#shared/price-factors.ts';
import { usePriceFactors } from './api/list-price-factors.ts';

const number = new Intl.NumberFormat('en-US', { maximumFractionDigits: 4 });
/** Staff have no time zone of their own: Central, as everywhere else staff read times. */
const time = (iso: string) => formatDateTime(iso, null);

const columns: DataTableColumn<PriceFactorDto>[] = [
  { accessor: 'Key', title: 'Key' },
  { accessor: 'Min', title: 'Min', textAlign: 'right', render: (f) => number.format(f.Min) },
  { accessor: 'Max', title: 'Max', textAlign: 'right', render: (f) => number.format(f.Max) },
  { accessor: 'Weight', title: 'Weight', textAlign: 'right', render: (f) => number.format(f.Weight) },
  { accessor: 'Created', title: 'Created', render: (f) => time(f.Created) },
  { accessor: 'CreatedBy', title: 'CreatedBy' },
  { accessor: 'Modified', title: 'Modified', render: (f) => time(f.Modified) },
  { accessor: 'ModifiedBy', title: 'ModifiedBy' },
];

export function PriceFactorsTable({ page, onPageChange }: { page: number; onPageChange: (page: number) => void }) {
  const { data } = usePriceFactors();
  const pages = Math.max(1, Math.ceil(data.length / PRICE_FACTORS_PAGE_SIZE));
  const shown = Math.min(page, pages);
  const records = data.slice((shown - 1) * PRICE_FACTORS_PAGE_SIZE, shown * PRICE_FACTORS_PAGE_SIZE);
  return (
    <>
      <Text size="sm">{`${data.length} price factor${data.length === 1 ? '' : 's'}`}</Text>
      <ServerDataTable<PriceFactorDto>
        aria-label="Price factors"
        withTableBorder
        striped
        minHeight={data.length ? undefined : 120}
        columns={columns}
        records={records}
        idAccessor={(f) => `${f.Key}#${f.Min}`}
        totalRecords={data.length}
        recordsPerPage={PRICE_FACTORS_PAGE_SIZE}
        page={shown}
        onPageChange={onPageChange}
        noRecordsText="No price factors yet: upload a CSV file."
      />
    </>
  );
}
