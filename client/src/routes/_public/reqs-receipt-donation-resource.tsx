import { createFileRoute } from '@tanstack/react-router';
import { ComingSoonPage } from '../../features/public-pages/coming-soon-page';

export const Route = createFileRoute('/_public/reqs-receipt-donation-resource')({
  component: () => <ComingSoonPage page="receiptGoods" />,
});
