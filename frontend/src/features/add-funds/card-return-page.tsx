// The page the card provider sends its payment frame back to (CARD_RETURN_PATH): it hands the
// provider's parameters to Add Lead Money in the parent page and calls nothing itself, so it needs no
// user and no session.
import { Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { AnchorLink } from '@/components/anchor-link.tsx';
import { cardReturnMessage } from '@/components/card-return-message.ts';

export function CardReturnPage() {
  const framed = window.parent !== window;
  const sent = useRef(false);
  useEffect(() => {
    if (!framed || sent.current) return;
    sent.current = true;
    // Only our own origin may read the result: the parent is Add Lead Money on this same site.
    window.parent.postMessage(cardReturnMessage(window.location.search), window.location.origin);
  }, [framed]);

  return framed ? (
    <Text size="sm">Finishing your payment…</Text>
  ) : (
    // Opened on its own (not inside Add Lead Money), nobody is waiting for the result here.
    <Text size="sm">
      Your card payment has been processed. <AnchorLink to="/addFundsCC">Back to Add Lead Money</AnchorLink>
    </Text>
  );
}
