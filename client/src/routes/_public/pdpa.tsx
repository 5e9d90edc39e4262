import { createFileRoute } from '@tanstack/react-router';
import { PdpaPage } from '../../features/public-pages';

export const Route = createFileRoute('/_public/pdpa')({
  component: PdpaPage,
});
