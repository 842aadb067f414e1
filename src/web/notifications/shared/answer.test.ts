import { describe, expect, it } from 'vitest';
import { respondPath } from '../../../shared/outreach/model';
import { badgeText } from '../index';
import { answerOf } from './answer';

describe('the respond page', () => {
  it('reads the answer an alert button put in its link', () => {
    expect(answerOf(new URL(`https://x${respondPath('r1', 'accept')}`).searchParams)).toBe('accept');
    expect(answerOf(new URL(`https://x${respondPath('r1', 'decline')}`).searchParams)).toBe('decline');
  });

  it('asks without a preference when the link names none, or something else', () => {
    expect(answerOf(new URLSearchParams(''))).toBeNull();
    expect(answerOf(new URLSearchParams('answer=ACCEPT'))).toBeNull();
    expect(answerOf(new URLSearchParams('answer=maybe'))).toBeNull();
  });
});

describe("the bell's badge", () => {
  it('shows the count, capped at 99+', () => {
    expect(badgeText(1)).toBe('1');
    expect(badgeText(99)).toBe('99');
    expect(badgeText(100)).toBe('99+');
  });
});
