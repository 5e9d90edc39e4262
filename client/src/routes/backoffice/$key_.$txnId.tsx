import { createFileRoute, redirect } from '@tanstack/react-router';
import { FeatureScreen } from '../../features/backoffice';
import { guardFeatureRoute } from '../../platform/session/route-guards';

/** View routes of support requests, disbursements, deliveries and results with a transaction id (sec. 2). */
export const Route = createFileRoute('/backoffice/$key_/$txnId')({
  beforeLoad: async ({ context, params, preload }) => {
    // The catalogue is the back office's: loaded when a back-office route needs it, not with every page.
    const { acceptsTxnId } = await import('../../platform/menu-catalogue');
    if (!acceptsTxnId(params.key)) throw redirect({ to: '/', replace: true });
    return { menuEntry: await guardFeatureRoute(context, params.key, preload) };
  },
  component: FeatureTxnRoute,
});

function FeatureTxnRoute() {
  const { menuEntry } = Route.useRouteContext();
  const { txnId } = Route.useParams();
  return <FeatureScreen key={menuEntry.key} entry={menuEntry} txnId={txnId} />;
}
