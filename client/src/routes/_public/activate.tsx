import { createFileRoute } from '@tanstack/react-router';
import { ActivatePage } from '../../features/auth';
import { optionalSearchText } from '../../platform/search-params';
import { PageContainer } from '../../ui/page-container';

interface ActivateSearch {
  xcode?: string;
  /** The server adds account=donor to a donor's link, so the page leads on to the donor login. */
  account?: 'donor';
}

export const Route = createFileRoute('/_public/activate')({
  validateSearch: (search): ActivateSearch => ({
    xcode: optionalSearchText(search.xcode),
    account: search.account === 'donor' ? 'donor' : undefined,
  }),
  component: ActivateRoute,
});

function ActivateRoute() {
  const { xcode, account } = Route.useSearch();
  return (
    <PageContainer>
      <ActivatePage xcode={xcode ?? ''} audience={account === 'donor' ? 'donor' : 'staff'} />
    </PageContainer>
  );
}
