// The frame every page renders in: it names the page in the document title and lays it out. Signed-in
// pages add the permission guard inside it (page-guard.tsx); the public forms do not.
import { Container } from '@mantine/core';
import type { ReactNode } from 'react';
import { useCurrentUiRoute } from './use-current-ui-route.ts';
import { useDocumentTitle } from './use-document-title.ts';

export function PageWrapper({ children }: { children: ReactNode }) {
  const page = useCurrentUiRoute();
  useDocumentTitle(page?.title);
  return (
    <Container size="xl" py="md" data-page={page?.name}>
      {children}
    </Container>
  );
}
