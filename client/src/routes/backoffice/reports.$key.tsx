import { createFileRoute } from '@tanstack/react-router';
import { ReportPage } from '../../features/reports';
import { guardFeatureRoute } from '../../platform/session/route-guards';

/**
 * /backoffice/reports/{key}: a report inside the product, behind its menu's permission check (the
 * same as the catalogue entry's /backoffice/{key}, which still offers the external site). The
 * component (and the chart with it) is its own chunk (autoCodeSplitting).
 */
export const Route = createFileRoute('/backoffice/reports/$key')({
  beforeLoad: async ({ context, params, preload }) => ({
    menuEntry: await guardFeatureRoute(context, params.key, preload),
  }),
  component: ReportRoute,
});

function ReportRoute() {
  const { menuEntry } = Route.useRouteContext();
  return <ReportPage key={menuEntry.key} entry={menuEntry} />;
}
