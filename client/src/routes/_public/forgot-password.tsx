import { createFileRoute } from '@tanstack/react-router';
import { ComingSoonPage } from '../../features/public-pages/coming-soon-page';

export const Route = createFileRoute('/_public/forgot-password')({
  component: () => <ComingSoonPage page="forgotPassword" />,
});
