import { randomInt } from 'node:crypto';
import { randomToken, sha256Hex } from '../../lib/crypto';
import type { IssuedChallenge } from './machine';

// Loop-breaking UX, not bot defence: any script can add two numbers (see machine.ts).
export function issueChallenge(): IssuedChallenge {
  const left = randomInt(10, 50);
  const right = randomInt(1, 20);
  // 20 random bytes = 160 bits (docs/security.md L asks for at least 128); only its hash is stored.
  const nonce = randomToken(20);
  return { nonce, nonceHash: hashNonce(nonce), question: `${left} + ${right} = ?`, answer: left + right };
}

export function hashNonce(nonce: string): string {
  return sha256Hex(`chat-guard-nonce:${nonce}`);
}
