import { createFileRoute } from '@tanstack/react-router';
import { ReceiptRequestPage } from '../../features/receipt-requests';

export const Route = createFileRoute('/_public/reqs-receipt-donation-resource')({
  component: () => <ReceiptRequestPage kind="GOODS" />,
});
