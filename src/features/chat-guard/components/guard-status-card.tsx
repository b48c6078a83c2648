import { Badge, Card, HStack, SimpleGrid, Stat, Text } from '@chakra-ui/react';
import type { GuardState } from '@shared/constants';
import { formatTime } from '@shared/format';
import type { GuardStatusDto } from '@shared/schemas/chat-guard';
import { muteExpiresLabel, STATE_PALETTE } from '../utils/guard-text';

type Props = { state: GuardState; session: GuardStatusDto['session'] | null };

function formatActivity(iso: string | null | undefined): string {
  if (!iso) return 'Never';
  return formatTime(new Date(iso), { withSeconds: true });
}

/** Session status badge and the four counters (Chat test page). */
export function GuardStatusCard({ state, session }: Props) {
  const counters = [
    { label: 'Count', value: String(session?.count ?? 0) },
    { label: 'Total Violations', value: String(session?.totalViolations ?? 0) },
    { label: 'Mute Expires', value: muteExpiresLabel(state, session?.remainingMuteSeconds) },
    { label: 'Last Activity', value: formatActivity(session?.lastActivity) },
  ];
  return (
    <Card.Root>
      <Card.Header>
        <HStack justify="space-between" gap="3" wrap="wrap">
          <Card.Title as="h2">Session Status</Card.Title>
          {/* A polite live region: screen readers hear the state change. */}
          <HStack role="status" aria-label="Session status" gap="2">
            <Text srOnly>Session status:</Text>
            <Badge colorPalette={STATE_PALETTE[state]} variant="subtle" size="lg">
              {state}
            </Badge>
          </HStack>
        </HStack>
      </Card.Header>
      <Card.Body>
        <SimpleGrid columns={2} gap="4">
          {counters.map((counter) => (
            <Stat.Root key={counter.label}>
              <Stat.Label>{counter.label}</Stat.Label>
              <Stat.ValueText fontSize="xl">{counter.value}</Stat.ValueText>
            </Stat.Root>
          ))}
        </SimpleGrid>
      </Card.Body>
    </Card.Root>
  );
}
