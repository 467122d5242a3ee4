// The body rows of a table that hold records. mantine-datatable renders one placeholder row
// (`tr.mantine-datatable-empty-row`, a single empty cell) while it has no records, which includes
// the moment before the first page arrives; a test that waits for "a row" must not take that one
// for data. Plain Mantine tables have no such row, so the locator suits both.
import type { Locator, Page } from 'playwright-core';

export const dataRows = (scope: Page | Locator): Locator => scope.locator('tbody tr:not(.mantine-datatable-empty-row)');
