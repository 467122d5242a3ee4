// Internal Leads (part 3 §2, §3): a lead source (required before Submit) and a date range, Submit, a CSV
// export of the same rows, '{n} lead(s) found' and the table, 25 a page. The table asks the server for
// each page (issue 12: a busy source's month is thousands of rows); the server writes the CSV of the
// whole range and answers its link, as the other reports' exports do.
import { Select } from '@mantine/core';
import type { DataTableColumn } from 'mantine-datatable';
import { useState } from 'react';
import { INTERNAL_LEADS_PAGE_SIZE } from '#shared/api/reports-performance.ts';
import { ServerDataTable } from '@/components/server-data-table.tsx';
import { exportInternalLeads, useInternalLeadSources, useInternalLeadsPage, type InternalLeadRow, type InternalLeadsPageQuery } from './api/performance-reports.ts';
import { reportDate } from './report-format.ts';
import type { ReportParts } from './report-parts.ts';

export { INTERNAL_LEADS_PAGE_SIZE };
export const leadsFoundText = (n: number) => `${n} lead(s) found`;

const COLUMNS: DataTableColumn<InternalLeadRow & { key: number }>[] = [
  { accessor: 'Date', render: (r) => reportDate(r.Date) },
  { accessor: 'FirstName', title: 'First Name' },
  { accessor: 'LastName', title: 'Last Name' },
  { accessor: 'City' },
  { accessor: 'StateCode', title: 'State' },
  { accessor: 'ZipCode', title: 'Zip Code' },
  { accessor: 'Status' },
  { accessor: 'Email' },
  { accessor: 'PrimaryPhone', title: 'Phone' },
  { accessor: 'IsTargeted', title: 'Targeted', render: (r) => (r.IsTargeted ? 'Yes' : 'No') },
  { accessor: 'VendorName', title: 'Vendor' },
  { accessor: 'LeadType', title: 'Lead Type' },
  { accessor: 'ContractId', title: 'Contract ID' },
  { accessor: 'CrmLob', title: 'CRM LOB' },
];

export function useInternalLeadsReport(): ReportParts {
  const sources = useInternalLeadSources();
  const [source, setSource] = useState<string | null>(null);
  const [submitted, setSubmitted] = useState<InternalLeadsPageQuery>();
  const query = useInternalLeadsPage(submitted);
  return {
    children: (
      <Select
        label="Lead Source"
        placeholder={sources.data ? 'Choose a source' : 'Loading sources…'}
        disabled={!sources.data}
        data={(sources.data ?? []).map((s) => ({ value: s.Source, label: s.Name ? `${s.Name} (${s.Source})` : s.Source }))}
        value={source}
        onChange={setSource}
        searchable
        required
        w={{ base: '100%', xs: 260 }}
      />
    ),
    canSubmit: source !== null,
    onSubmit: (range) => range && source && setSubmitted({ range, source, page: 1 }),
    loading: query.isFetching,
    onExport: (range) => exportInternalLeads(range!, source!),
    count: query.data?.TotalCount,
    countText: leadsFoundText,
    empty: 'criteria',
    table: query.data && submitted && (
      <ServerDataTable<InternalLeadRow & { key: number }>
        aria-label="Internal Leads"
        withTableBorder
        striped
        idAccessor="key"
        columns={COLUMNS}
        records={query.data.Data.map((row, i) => ({ ...row, key: (submitted.page - 1) * INTERNAL_LEADS_PAGE_SIZE + i }))}
        fetching={query.isFetching}
        totalRecords={query.data.TotalCount}
        recordsPerPage={INTERNAL_LEADS_PAGE_SIZE}
        page={submitted.page}
        onPageChange={(page) => setSubmitted({ ...submitted, page })}
      />
    ),
  };
}
