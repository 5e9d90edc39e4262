import { createFileRoute } from '@tanstack/react-router';
import { PdpaPage } from '../../features/public-pages/pdpa-page';

export const Route = createFileRoute('/_public/pdpa')({
  component: PdpaPage,
});
