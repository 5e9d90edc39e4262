import { createFileRoute } from '@tanstack/react-router';
import { ComingSoonPage } from '../../features/public-pages/coming-soon-page';

export const Route = createFileRoute('/_public/donate-money-by-bank-transfer')({
  component: () => <ComingSoonPage page="donateMoney" />,
});
