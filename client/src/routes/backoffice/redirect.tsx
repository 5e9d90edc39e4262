import { createFileRoute } from '@tanstack/react-router';
import { RedirectPage } from '../../features/backoffice';
import { optionalSearchText } from '../../platform/search-params';

export const Route = createFileRoute('/backoffice/redirect')({
  staticData: { backofficeLayout: 'either' },
  validateSearch: (search): { to?: string } => ({ to: optionalSearchText(search.to) }),
  component: BackofficeRedirect,
});

function BackofficeRedirect() {
  const { to } = Route.useSearch();
  return <RedirectPage to={to} />;
}
