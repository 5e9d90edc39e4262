import { Box, Flex, HStack, IconButton, Stack, Text } from '@chakra-ui/react';
import { Menu, PanelLeftClose, PanelLeftOpen } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../platform/i18n';
import type { LoggedInUser } from '../../platform/session/session-types';
import { fullName, organisationOf } from './backoffice-user';
import { BrandLink } from './brand-link';
import { LanguageSwitch } from './language-switch';

export interface BackofficeTopBarProps {
  user: LoggedInUser;
  menuCollapsed: boolean;
  onToggleMenu: () => void;
  onOpenDrawer: () => void;
  menuId: string;
  /** Before the language switch: the features' badge (BackofficeShellParts.topBarBadge). */
  badge?: ReactNode;
}

/**
 * Product title, then who is logged in: name, organisation by office type, and group with its code.
 * Phones have no room for the person beside the logo; the menu drawer shows them instead.
 */
export function BackofficeTopBar({
  user,
  menuCollapsed,
  onToggleMenu,
  onOpenDrawer,
  menuId,
  badge,
}: BackofficeTopBarProps) {
  const { t } = useTranslation();
  const organisation = organisationOf(user, currentLanguage());
  return (
    <Box
      as="header"
      bg="bg"
      borderBottomWidth="1px"
      borderColor="border"
      position="sticky"
      top="0"
      zIndex="sticky"
    >
      <Flex align="center" justify="space-between" gap="3" px={{ base: '3', md: '5' }} py="2" minH="16">
        <HStack gap="2" minW="0">
          <IconButton
            hideFrom="lg"
            size="sm"
            variant="ghost"
            aria-label={t('nav.openMenu')}
            onClick={onOpenDrawer}
          >
            <Menu aria-hidden />
          </IconButton>
          <IconButton
            hideBelow="lg"
            size="sm"
            variant="ghost"
            aria-label={menuCollapsed ? t('backoffice.shell.showMenu') : t('backoffice.shell.hideMenu')}
            aria-expanded={!menuCollapsed}
            aria-controls={menuId}
            onClick={onToggleMenu}
          >
            {menuCollapsed ? <PanelLeftOpen aria-hidden /> : <PanelLeftClose aria-hidden />}
          </IconButton>
          <BrandLink />
          <Text hideBelow="md" fontWeight="600" color="fg.muted" truncate>
            {t('backoffice.shell.productTitle')}
          </Text>
        </HStack>
        <HStack gap="3" minW="0">
          <Stack gap="0" textAlign="end" minW="0" hideBelow="sm" data-testid="backoffice-user">
            <Text fontWeight="600" fontSize="sm" truncate>
              {fullName(user)}
            </Text>
            <Text fontSize="xs" color="fg.muted" truncate hideBelow="md">
              {organisation ? `${organisation} · ` : ''}
              {user.userGroup} ({user.userGroupCode})
            </Text>
          </Stack>
          {badge}
          <LanguageSwitch />
        </HStack>
      </Flex>
    </Box>
  );
}
