import { Badge, HStack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import {
  isRequestStatus,
  isUserStatus,
  REQUEST_STATUS_COLOR,
  REQUEST_STATUS_LABEL,
  USER_STATUS_COLOR,
  USER_STATUS_LABEL,
} from './user-status';

/** The account status and the registration request status side by side. */
export function UserStatusBadges({
  userStatus,
  requestStatus,
}: {
  userStatus: string;
  requestStatus: string;
}) {
  const { t } = useTranslation();
  return (
    <HStack gap="1" wrap="wrap">
      <Badge colorPalette={isUserStatus(userStatus) ? USER_STATUS_COLOR[userStatus] : 'gray'}>
        {isUserStatus(userStatus) ? t(USER_STATUS_LABEL[userStatus]) : userStatus}
      </Badge>
      <Badge
        variant="outline"
        colorPalette={isRequestStatus(requestStatus) ? REQUEST_STATUS_COLOR[requestStatus] : 'gray'}
      >
        {isRequestStatus(requestStatus) ? t(REQUEST_STATUS_LABEL[requestStatus]) : requestStatus}
      </Badge>
    </HStack>
  );
}
