import { HStack, Text } from '@chakra-ui/react';
import { lender } from '@/config/lender';

export function Logo({ inverted = false }: { inverted?: boolean }) {
  return (
    <HStack gap="2">
      <svg width="32" height="32" viewBox="0 0 64 64" aria-hidden="true">
        <rect width="64" height="64" rx="14" fill="#0b3d91" />
        <path d="M12 46 L28 22 L36 34 L42 26 L52 46 Z" fill="#f5b301" />
        <path d="M28 22 L32 28 L24 28 Z" fill="#fff" />
      </svg>
      <Text as="span" fontSize="lg" fontWeight="bold" color={inverted ? 'white' : 'brand.800'} letterSpacing="tight">
        {lender.brandName}
      </Text>
    </HStack>
  );
}
