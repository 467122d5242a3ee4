// Price Factors (spec part 3 §2; admin only): the CSV upload that replaces the whole set, its result
// shown inline (the spec shows no dialog for it), and the table of the current set.
import { Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { CsvUpload } from '@/components/csv-upload.tsx';
import { PRICE_FACTOR_COLUMNS, PRICE_FACTOR_TEMPLATE } from '#shared/price-factors.ts';
import { requestPriceFactorUpload } from './api/import-price-factors.ts';
import { priceFactorKeys } from './api/price-factors-keys.ts';
import { PriceFactorsTable } from './price-factors-table.tsx';

export function PriceFactorsPage({ page, onPageChange }: { page: number; onPageChange: (page: number) => void }) {
  const queryClient = useQueryClient();
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        Price Factors
      </Title>
      <Stack gap={4}>
        <Text size="sm">
          A file replaces every price factor. Columns: {PRICE_FACTOR_COLUMNS.join(', ')}; every row is checked, and a file with any bad row
          changes nothing.
        </Text>
        <CsvUpload
          label="Price factor CSV file"
          requestTicket={requestPriceFactorUpload}
          template={{ fileName: 'price-factors-template.csv', content: PRICE_FACTOR_TEMPLATE }}
          onFinished={(status) => {
            if (status.Status !== 'Succeeded') return;
            onPageChange(1);
            void queryClient.invalidateQueries({ queryKey: priceFactorKeys.list() });
          }}
        />
      </Stack>
      <PriceFactorsTable page={page} onPageChange={onPageChange} />
    </Stack>
  );
}
