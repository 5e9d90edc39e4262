import { createFileRoute } from '@tanstack/react-router';
import { FeatureScreen } from '../../features/backoffice';
import { optionalSearchText } from '../../platform/search-params';
import { guardFeatureRoute } from '../../platform/session/route-guards';

/** Optional values some screens use: a group's code (edit-user-group), a user's id. */
interface FeatureSearch {
  code?: string;
  userId?: string;
}

/**
 * Every feature route /backoffice/{key} of the menu catalogue (MN-001..MN-148), behind its menu's
 * permission check. Screens read their own search values (a group's code, a user's id).
 */
export const Route = createFileRoute('/backoffice/$key')({
  validateSearch: (search): FeatureSearch => ({
    code: optionalSearchText(search.code),
    userId: optionalSearchText(search.userId),
  }),
  beforeLoad: async ({ context, params, preload }) => ({
    menuEntry: await guardFeatureRoute(context, params.key, preload),
  }),
  component: FeatureRoute,
});

function FeatureRoute() {
  const { menuEntry } = Route.useRouteContext();
  return <FeatureScreen key={menuEntry.key} entry={menuEntry} />;
}
