import { createFileRoute } from '@tanstack/react-router';
import { ShortSupplyPage } from '../../features/short-supply';

export const Route = createFileRoute('/_public/short-supply')({
  component: ShortSupplyPage,
});
