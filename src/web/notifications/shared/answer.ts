import { type Answer, ANSWERS } from '../../../shared/outreach/model';

/** `?answer=accept|decline` from an alert's button, or null for anything else. */
export function answerOf(params: URLSearchParams): Answer | null {
  const answer = params.get('answer');
  return ANSWERS.find((a) => a === answer) ?? null;
}
