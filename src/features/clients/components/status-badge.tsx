import { Badge } from '@chakra-ui/react';
import type { BadgeLook } from '../utils/labels';

export function StatusBadge({ look }: { look: BadgeLook }) {
  return (
    <Badge colorPalette={look.colorPalette} variant="subtle" size="md" whiteSpace="nowrap">
      {look.label}
    </Badge>
  );
}
