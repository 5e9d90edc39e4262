import { createFileRoute, redirect } from '@tanstack/react-router';

// Unknown back-office paths: the parent already sent visitors who are not logged in to the login,
// so whoever reaches this is logged in and goes to / (specification sec. 2), which leads back here.
export const Route = createFileRoute('/backoffice/$')({
  beforeLoad: () => {
    throw redirect({ to: '/', replace: true });
  },
});
