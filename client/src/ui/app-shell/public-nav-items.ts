import type { LinkProps } from '@tanstack/react-router';

export interface PublicNavItem {
  to: LinkProps['to'];
  labelKey:
    | 'nav.home'
    | 'nav.donateMoney'
    | 'nav.receiptGoods'
    | 'nav.receiptMoney'
    | 'nav.shortSupply'
    | 'nav.nearMe'
    | 'nav.about';
}

/** The public pages of specification sec. 2, in the order a visitor needs them. */
export const PUBLIC_NAV_ITEMS: readonly PublicNavItem[] = [
  { to: '/', labelKey: 'nav.home' },
  { to: '/donate-money-by-bank-transfer', labelKey: 'nav.donateMoney' },
  { to: '/reqs-receipt-donation-money', labelKey: 'nav.receiptMoney' },
  { to: '/reqs-receipt-donation-resource', labelKey: 'nav.receiptGoods' },
  { to: '/short-supply', labelKey: 'nav.shortSupply' },
  { to: '/near-me', labelKey: 'nav.nearMe' },
  { to: '/about', labelKey: 'nav.about' },
];
