import { Card, Stat, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export function StatCard({ label, value, help }: { label: string; value: ReactNode; help?: string }) {
  return (
    <Card.Root size="sm">
      <Card.Body>
        <Stat.Root>
          <Stat.Label>{label}</Stat.Label>
          <Stat.ValueText>{value}</Stat.ValueText>
        </Stat.Root>
        {/* Outside the stat: its <dl> may only hold the label and the value. */}
        {help && (
          <Text fontSize="xs" color="fg.muted" mt="1">
            {help}
          </Text>
        )}
      </Card.Body>
    </Card.Root>
  );
}
