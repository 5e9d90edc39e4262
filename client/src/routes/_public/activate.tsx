import { createFileRoute } from '@tanstack/react-router';
import { ActivatePage } from '../../features/auth/activate-page';
import { optionalSearchText } from '../../platform/search-params';
import { PageContainer } from '../../ui/page-container';

export const Route = createFileRoute('/_public/activate')({
  validateSearch: (search): { xcode?: string } => ({ xcode: optionalSearchText(search.xcode) }),
  component: ActivateRoute,
});

function ActivateRoute() {
  const { xcode } = Route.useSearch();
  return (
    <PageContainer>
      <ActivatePage xcode={xcode ?? ''} />
    </PageContainer>
  );
}
