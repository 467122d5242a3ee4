// The card provider's hosted payment form in a frame (spec part 1 §2.7, §7). When the provider sends
// the frame back to our return page, that page posts the result here; only a message from this very
// frame, on our own origin, counts.
import { useEffect, useRef } from 'react';
import { readCardReturnMessage, type ReadReturn } from './card-return-message.ts';

interface PaymentFrameProps {
  url: string;
  onReturn: (result: Exclude<ReadReturn, { kind: 'other' }>) => void;
}

export function PaymentFrame({ url, onReturn }: PaymentFrameProps) {
  const frame = useRef<HTMLIFrameElement>(null);
  // The return page may post more than once (a reload inside the frame); one payment has one result.
  const answered = useRef(false);
  const onReturnRef = useRef(onReturn);
  useEffect(() => {
    onReturnRef.current = onReturn;
  });

  useEffect(() => {
    answered.current = false;
    const listen = (event: MessageEvent) => {
      if (event.origin !== window.location.origin || event.source !== frame.current?.contentWindow) return;
      const read = readCardReturnMessage(event.data);
      if (read.kind === 'other' || answered.current) return;
      answered.current = true;
      onReturnRef.current(read);
    };
    window.addEventListener('message', listen);
    return () => window.removeEventListener('message', listen);
  }, [url]);

  return (
    <iframe
      ref={frame}
      src={url}
      title="Card payment"
      style={{ width: '100%', height: 480, border: '1px solid var(--mantine-color-gray-3)', borderRadius: 'var(--mantine-radius-sm)' }}
    />
  );
}
