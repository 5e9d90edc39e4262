import { createFileRoute } from '@tanstack/react-router';
import { ReceiptRequestStatusPage } from '../../features/receipt-requests';
import { optionalSearchText } from '../../platform/search-params';

interface StatusSearch {
  /** The tracking number, filled in from the link in the requester's e-mails. */
  number?: string;
}

export const Route = createFileRoute('/_public/reqs-receipt-status')({
  validateSearch: (search): StatusSearch => ({ number: optionalSearchText(search.number) }),
  component: StatusRoute,
});

function StatusRoute() {
  const { number } = Route.useSearch();
  return <ReceiptRequestStatusPage number={number} />;
}
