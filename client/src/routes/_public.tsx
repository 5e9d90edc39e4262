import { createFileRoute, Outlet } from '@tanstack/react-router';
import { PublicShell } from '../ui/app-shell/public-shell';

/** Pathless layout: the header and footer of every public page. */
export const Route = createFileRoute('/_public')({
  component: () => (
    <PublicShell>
      <Outlet />
    </PublicShell>
  ),
});
