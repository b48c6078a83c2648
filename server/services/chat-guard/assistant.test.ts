import { describe, expect, it } from 'vitest';
import { answerQuestion } from './assistant';

describe('answerQuestion', () => {
  it.each([
    ['How much can I borrow?', 'amounts', '$5,000,000'],
    ['What are your terms?', 'terms', '6-24 months'],
    ['What are the requirements to qualify?', 'requirements', 'FICO score of 550+'],
    ['How long does funding take?', 'timing', '24-48 hours'],
    ['What documents do I need?', 'documents', 'bank statements'],
    ['Which products do you offer?', 'products', 'Revolving Line of Credit'],
    ['What interest rate do you charge?', 'rates', '1.25 - 1.45'],
    ['Tell me about your line of credit', 'line-of-credit', '$250,000'],
    ['Can I consolidate my MCA positions?', 'consolidation', 'up to 60%'],
    ['Do you need tax returns?', 'documents', 'No tax returns'],
    ['Hello', 'greeting', 'Summit Funding assistant'],
    ['FUND WEEKLY', 'payments', 'weekly payment'],
  ])('answers %j from the product facts', (question, topic, fact) => {
    const answer = answerQuestion(question);
    expect(answer.topic).toBe(topic);
    expect(answer.message).toContain(fact);
  });

  it('prefers the question over a greeting', () => {
    expect(answerQuestion('Hi! What documents are required?').topic).toBe('documents');
  });

  it('falls back to /apply and /contact for an unknown question', () => {
    const answer = answerQuestion('What is the capital of Mongolia?');
    expect(answer.topic).toBe('fallback');
    expect(answer.message).toContain('/apply');
    expect(answer.message).toContain('/contact');
  });
});
