import { Box, Button, Link as ChakraLink, Stack, Text } from '@chakra-ui/react';
import { Link, useRouterState } from '@tanstack/react-router';
import { ChevronDown, ChevronRight, ExternalLink, LogOut } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../platform/i18n';
import { isMenuCode, type MenuSection } from '../../platform/menu-catalogue';
import type { MenuEntry } from '../../platform/session/session-types';
import { groupMenus, REPORTS_INDEX_PATH, SECTION_LABEL_KEYS, showsReportsIndex } from './backoffice-menu';
import { useOpenExternalMenu } from './use-open-external-menu';

export interface BackofficeSideMenuProps {
  menus: readonly MenuEntry[];
  /** The catalogue keys of the in-product reports (BackofficeShellParts). */
  reportKeys: ReadonlySet<string>;
  /** Called after an entry is chosen (the drawer closes on phones). */
  onNavigate?: () => void;
}

/**
 * The side menu: the user's allowed entries by section, then logout. The section of the current
 * page starts open; the others open on demand so a 148-entry administrator menu stays scannable.
 */
export function BackofficeSideMenu({ menus, reportKeys, onNavigate }: BackofficeSideMenuProps) {
  const { t } = useTranslation();
  const groups = groupMenus(menus);
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const currentSection = pathname.startsWith(REPORTS_INDEX_PATH)
    ? 'reports'
    : groups.find((group) => group.entries.some((entry) => pathname.startsWith(`/backoffice/${entry.key}`)))
        ?.section;
  const [open, setOpen] = useState<ReadonlySet<MenuSection>>(
    () => new Set(currentSection ? [currentSection] : []),
  );
  const toggle = (section: MenuSection) =>
    setOpen((previous) => {
      const next = new Set(previous);
      if (next.has(section)) next.delete(section);
      else next.add(section);
      return next;
    });

  return (
    <Box as="nav" aria-label={t('backoffice.shell.menuLabel')} py="3">
      <Stack as="ul" gap="1" listStyleType="none">
        {groups.map((group) => (
          <MenuSectionItem
            key={group.section}
            label={t(SECTION_LABEL_KEYS[group.section])}
            entries={group.entries}
            reportsIndex={group.section === 'reports' && showsReportsIndex(group.entries, reportKeys)}
            open={open.has(group.section)}
            onToggle={() => toggle(group.section)}
            onNavigate={onNavigate}
          />
        ))}
        <li>
          <ChakraLink asChild {...entryStyle}>
            <Link to="/backoffice/logout" onClick={onNavigate}>
              <LogOut aria-hidden size="16" />
              {t('session.logout')}
            </Link>
          </ChakraLink>
        </li>
      </Stack>
    </Box>
  );
}

const entryStyle = {
  display: 'flex',
  gap: '2',
  alignItems: 'center',
  px: '4',
  py: '2',
  color: 'fg',
  fontSize: 'sm',
  rounded: 'md',
  _hover: { bg: 'brand.subtle', textDecoration: 'none' },
  _currentPage: { bg: 'brand.muted', color: 'brand.fg', fontWeight: '600' },
} as const;

interface MenuSectionItemProps {
  label: string;
  entries: readonly MenuEntry[];
  /** The reports section leads with the in-product reports index. */
  reportsIndex?: boolean;
  open: boolean;
  onToggle: () => void;
  onNavigate?: () => void;
}

function MenuSectionItem({ label, entries, reportsIndex, open, onToggle, onNavigate }: MenuSectionItemProps) {
  const { t } = useTranslation();
  const listId = useId();
  const language = currentLanguage();
  const openExternal = useOpenExternalMenu();
  return (
    <li>
      <Button
        variant="ghost"
        w="full"
        justifyContent="space-between"
        fontWeight="600"
        aria-expanded={open}
        aria-controls={listId}
        onClick={onToggle}
      >
        <Text as="span" truncate>
          {label}
        </Text>
        {open ? <ChevronDown aria-hidden /> : <ChevronRight aria-hidden />}
      </Button>
      <Stack as="ul" id={listId} hidden={!open} gap="0.5" ps="2" listStyleType="none">
        {reportsIndex && (
          <li>
            <ChakraLink asChild {...entryStyle}>
              <Link to="/backoffice/reports" preload={false} onClick={onNavigate}>
                {t('menu.reportsIndex')}
              </Link>
            </ChakraLink>
          </li>
        )}
        {entries.map((entry) => {
          const name = language === 'en' ? entry.nameEn : entry.nameTh;
          return (
            <li key={entry.code}>
              {entry.external ? (
                <Button
                  variant="ghost"
                  {...entryStyle}
                  h="auto"
                  w="full"
                  justifyContent="flex-start"
                  fontWeight="400"
                  whiteSpace="normal"
                  textAlign="start"
                  onClick={() => {
                    // The server's codes are the catalogue's: the check only narrows the type.
                    if (isMenuCode(entry.code)) void openExternal(entry.code);
                    onNavigate?.();
                  }}
                >
                  {name}
                  <ExternalLink aria-hidden size="14" />
                  <Text as="span" srOnly>
                    {t('backoffice.external.newTabShort')}
                  </Text>
                </Button>
              ) : (
                <ChakraLink asChild {...entryStyle}>
                  {entry.key === 'change-password' ? (
                    // Its own route (not the generic /backoffice/$key), so the link names that route.
                    <Link to="/backoffice/change-password" preload={false} onClick={onNavigate}>
                      {name}
                    </Link>
                  ) : (
                    <Link
                      to="/backoffice/$key"
                      params={{ key: entry.key }}
                      preload={false}
                      onClick={onNavigate}
                    >
                      {name}
                    </Link>
                  )}
                </ChakraLink>
              )}
            </li>
          );
        })}
      </Stack>
    </li>
  );
}
