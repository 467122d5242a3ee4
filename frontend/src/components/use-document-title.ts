// Names the browser tab after the page: "{page} · {product}", or the product alone.
import { useEffect } from 'react';
import { config } from '@/config.ts';

export function useDocumentTitle(pageTitle: string | undefined): void {
  useEffect(() => {
    document.title = pageTitle ? `${pageTitle} · ${config.productName}` : config.productName;
  }, [pageTitle]);
}
