import { createFileRoute } from '@tanstack/react-router';
import { DonationHistoryPage } from '../../../features/donor/donation-history-page';
import { requireDonor } from '../../../platform/session/route-guards';

export const Route = createFileRoute('/_public/user/donation-history')({
  beforeLoad: ({ context }) => requireDonor(context),
  component: DonationHistoryPage,
});
