import { FALLBACK_ANSWER, TOPICS, type Topic } from './knowledge';

export type AssistantAnswer = { topic: string; message: string };

/** Lower-case words separated by single spaces, padded so whole-word matching is a substring test. */
function toWords(text: string): string {
  const words = text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[’']/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
  return ` ${words} `;
}

function scoreOf(topic: Topic, words: string): number {
  let score = 0;
  for (const keyword of topic.keywords) {
    if (words.includes(` ${keyword} `)) score += keyword.split(' ').length;
  }
  return score;
}

/** Rule-based: the topic whose keywords cover most of the question answers; ties go to the earlier topic. */
export function answerQuestion(question: string): AssistantAnswer {
  const words = toWords(question);
  let best: { topic: Topic; score: number } | null = null;
  for (const topic of TOPICS) {
    const score = scoreOf(topic, words);
    if (score > 0 && (!best || score > best.score)) best = { topic, score };
  }
  if (!best) return { topic: 'fallback', message: FALLBACK_ANSWER };
  return { topic: best.topic.id, message: best.topic.answer };
}
