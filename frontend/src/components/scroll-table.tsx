// A plain Mantine table that scrolls inside its own box when the screen is narrower than `minWidth`
// (or the table taller than `mah`): its scroll area is a tab stop, so keyboard users can scroll it
// (axe's scrollable-region-focusable, serious, on a 390 px phone). The paged lists have the same
// through ServerDataTable. eslint.config.js refuses Table.ScrollContainer anywhere else.
import { Table, type TableScrollContainerProps } from '@mantine/core';

export function ScrollTable({ scrollAreaProps, ...props }: TableScrollContainerProps) {
  // eslint-disable-next-line no-restricted-syntax -- the one place it is wrapped
  return <Table.ScrollContainer {...props} scrollAreaProps={{ ...scrollAreaProps, viewportProps: { tabIndex: 0, ...scrollAreaProps?.viewportProps } }} />;
}
