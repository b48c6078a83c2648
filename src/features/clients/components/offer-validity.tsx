import { Text } from '@chakra-ui/react';
import { formatLocalDate } from '@shared/format';
import type { OfferMenu } from '../types';

/** Until when the offer can be signed (docs/product.md 8.6), or that it can no longer be. */
export function OfferValidity({ menu }: { menu: Pick<OfferMenu, 'validUntil' | 'isExpired'> }) {
  const until = formatLocalDate(new Date(menu.validUntil));
  if (menu.isExpired) {
    return (
      <Text color="fg.error" fontWeight="medium" role="status">
        This offer expired on {until}. Please contact us and we will review your application again.
      </Text>
    );
  }
  return (
    <Text color="fg.muted" fontSize="sm">
      Offer valid until {until}
    </Text>
  );
}
