import { createFileRoute } from '@tanstack/react-router';
import { ComingSoonPage } from '../../features/public-pages/coming-soon-page';

export const Route = createFileRoute('/_public/reqs-receipt-donation-money')({
  component: () => <ComingSoonPage page="receiptMoney" />,
});
