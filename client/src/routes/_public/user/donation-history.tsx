import { createFileRoute } from '@tanstack/react-router';
import { DonationHistoryPage, type DonorView } from '../../../features/donor';
import { requireDonor } from '../../../platform/session/route-guards';

interface DonationHistorySearch {
  /** The tab: the history (default) or the donor's own personal data. */
  view?: DonorView;
}

export const Route = createFileRoute('/_public/user/donation-history')({
  validateSearch: (search): DonationHistorySearch => ({
    view: search.view === 'data' ? 'data' : undefined,
  }),
  beforeLoad: ({ context }) => requireDonor(context),
  component: DonationHistoryRoute,
});

function DonationHistoryRoute() {
  const { view } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <DonationHistoryPage
      view={view ?? 'history'}
      onViewChange={(next) =>
        void navigate({ search: next === 'data' ? { view: 'data' } : {}, replace: true })
      }
    />
  );
}
