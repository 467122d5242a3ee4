// /addFundsCC/return (addFundsCCReturn): where the card provider sends the payment frame back; it
// passes the result to Add Lead Money around the frame. Public: it loads no user and calls nothing.
import { createFileRoute } from '@tanstack/react-router';
import { CardReturnPage } from '@/features/add-funds/card-return-page.tsx';

export const Route = createFileRoute('/_public/addFundsCC/return')({
  component: CardReturnPage,
});
