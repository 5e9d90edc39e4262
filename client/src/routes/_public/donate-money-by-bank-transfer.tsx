import { createFileRoute } from '@tanstack/react-router';
import { DonateTransferPage } from '../../features/donate-transfer';

// The page is its own chunk (autoCodeSplitting): the form, its schema and the QR load only here.
export const Route = createFileRoute('/_public/donate-money-by-bank-transfer')({
  component: DonateTransferPage,
});
