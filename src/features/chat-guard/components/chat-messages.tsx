import { Box, Stack, Text } from '@chakra-ui/react';
import { useEffect, useRef } from 'react';
import { formatTime } from '@shared/format';
import type { LocalChatMessage } from '../hooks/use-chat-guard';

const SYSTEM_PALETTE: Record<LocalChatMessage['type'], { bg: string; borderColor: string }> = {
  normal: { bg: 'gray.50', borderColor: 'gray.200' },
  challenge: { bg: 'orange.50', borderColor: 'orange.300' },
  muted: { bg: 'yellow.50', borderColor: 'yellow.400' },
  permanently_muted: { bg: 'red.50', borderColor: 'red.300' },
};

/** The conversation as a log region; every message is rendered as plain text. */
export function ChatMessages({ messages }: { messages: LocalChatMessage[] }) {
  const endRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    endRef.current?.scrollIntoView({ block: 'nearest' });
  }, [messages.length]);

  return (
    <Box
      role="log"
      aria-live="polite"
      aria-label="Chat messages"
      tabIndex={0}
      borderWidth="1px"
      borderRadius="md"
      p="3"
      h={{ base: '50vh', md: '420px' }}
      overflowY="auto"
      bg="white"
    >
      {messages.length === 0 ? (
        <Text color="fg.muted" textAlign="center" mt="10">
          No messages yet. Start a conversation!
        </Text>
      ) : (
        <Stack as="ul" listStyleType="none" gap="3">
          {messages.map((message) => {
            const isUser = message.sender === 'user';
            const palette = isUser ? { bg: 'brand.subtle', borderColor: 'brand.muted' } : SYSTEM_PALETTE[message.type];
            return (
              <Box
                as="li"
                key={message.id}
                alignSelf={isUser ? 'flex-end' : 'flex-start'}
                maxW="85%"
                borderWidth="1px"
                borderRadius="lg"
                px="3"
                py="2"
                {...palette}
              >
                <Text fontSize="xs" fontWeight="semibold" color="fg.muted">
                  {isUser ? 'You' : 'Assistant'}
                  <Text as="span" fontWeight="normal">
                    {' · '}
                    <time dateTime={message.timestamp.toISOString()}>{formatTime(message.timestamp)}</time>
                  </Text>
                </Text>
                <Text whiteSpace="pre-wrap" wordBreak="break-word">
                  {message.text}
                </Text>
                {message.metadata?.instructions && (
                  <Text fontSize="sm" color="fg.muted" mt="1">
                    {message.metadata.instructions}
                  </Text>
                )}
              </Box>
            );
          })}
        </Stack>
      )}
      <div ref={endRef} />
    </Box>
  );
}
