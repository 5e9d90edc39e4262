import { createFileRoute } from '@tanstack/react-router';
import { ReportsIndexPage } from '../../features/reports';

/** /backoffice/reports: the reports the person may open (each then checks its own menu). */
export const Route = createFileRoute('/backoffice/reports/')({
  beforeLoad: ({ context, preload }) => {
    if (!preload) context.session.setCurrentMenu(null);
  },
  component: ReportsIndexPage,
});
