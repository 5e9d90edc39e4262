import { createFileRoute } from '@tanstack/react-router';
import { NearMePage } from '../../features/near-me';

export const Route = createFileRoute('/_public/near-me')({
  component: NearMePage,
});
