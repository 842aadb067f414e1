import { describe, expect, it } from 'vitest';
import { clockText, dayPart, dhakaDay, formatClock, formatDateTime, formatTime } from './clock';

describe('dayPart', () => {
  it('names the part of the day at its edges', () => {
    const parts = Array.from({ length: 24 }, (_, h) => dayPart(h));
    expect(parts).toEqual([
      ...Array(4).fill('night'), // 0:00-3:59
      ...Array(8).fill('morning'), // 4:00-11:59
      ...Array(3).fill('noon'), // 12:00-14:59
      ...Array(3).fill('afternoon'), // 15:00-17:59
      ...Array(2).fill('evening'), // 18:00-19:59
      ...Array(4).fill('night'), // 20:00-23:59
    ]);
  });
});

describe('clockText', () => {
  it('writes a 12-hour clock in English, am and pm', () => {
    expect(clockText(18, 16, 'en')).toBe('6:16 pm');
    expect(clockText(0, 5, 'en')).toBe('12:05 am');
    expect(clockText(12, 0, 'en')).toBe('12:00 pm');
    expect(clockText(11, 59, 'en')).toBe('11:59 am');
    expect(clockText(14, 5, 'en', 9)).toBe('2:05:09 pm');
  });

  it('puts the part of the day first in Bangla, with Bangla digits', () => {
    expect(clockText(18, 16, 'bn')).toBe('সন্ধ্যা ৬:১৬');
    expect(clockText(3, 59, 'bn')).toBe('রাত ৩:৫৯');
    expect(clockText(4, 0, 'bn')).toBe('সকাল ৪:০০');
    expect(clockText(12, 30, 'bn')).toBe('দুপুর ১২:৩০');
    expect(clockText(14, 59, 'bn')).toBe('দুপুর ২:৫৯');
    expect(clockText(15, 0, 'bn')).toBe('বিকাল ৩:০০');
    expect(clockText(19, 59, 'bn')).toBe('সন্ধ্যা ৭:৫৯');
    expect(clockText(20, 0, 'bn')).toBe('রাত ৮:০০');
    expect(clockText(0, 0, 'bn')).toBe('রাত ১২:০০');
    expect(clockText(14, 5, 'bn', 9)).toBe('দুপুর ২:০৫:০৯');
  });
});

describe('instants, in Bangladesh time (UTC+6)', () => {
  it('reads the clock in Dhaka, whatever the machine', () => {
    expect(formatClock('2026-03-05T12:16:00.000Z', 'en')).toBe('6:16 pm');
    expect(formatClock('2026-03-05T12:16:00.000Z', 'bn')).toBe('সন্ধ্যা ৬:১৬');
    expect(formatClock('2026-03-05T18:30:00.000Z', 'en')).toBe('12:30 am');
    expect(formatClock(new Date('2026-03-05T08:05:09.000Z'), 'en', { seconds: true })).toBe('2:05:09 pm');
    expect(formatClock('not a date', 'en')).toBe('');
  });

  it('gives the day in Dhaka: 18:30 UTC is already the next day there', () => {
    expect(dhakaDay('2026-03-05T17:59:00.000Z')).toBe('2026-03-05');
    expect(dhakaDay('2026-03-05T18:00:00.000Z')).toBe('2026-03-06');
  });

  it('writes a day and a time', () => {
    expect(formatDateTime('2026-03-05T08:05:09.000Z', 'en')).toBe('5 Mar, 2:05 pm');
    expect(formatDateTime('2026-03-05T08:05:09.000Z', 'en', { year: true, seconds: true })).toBe('5 Mar 2026, 2:05:09 pm');
    expect(formatDateTime('2026-03-05T18:30:00.000Z', 'en')).toBe('6 Mar, 12:30 am');
    expect(formatDateTime('2026-03-05T08:05:00.000Z', 'bn')).toBe('৫ মার্চ, দুপুর ২:০৫');
    expect(formatDateTime('nope', 'bn')).toBe('');
  });
});

describe('formatTime (a time as the requester gave it)', () => {
  it('reads 24-hour and am/pm times', () => {
    expect(formatTime('18:15', 'en')).toBe('6:15 pm');
    expect(formatTime('10:30', 'en')).toBe('10:30 am');
    expect(formatTime('00:05', 'en')).toBe('12:05 am');
    expect(formatTime('2:15 PM', 'en')).toBe('2:15 pm');
    expect(formatTime('12:10 a.m.', 'en')).toBe('12:10 am');
    expect(formatTime('18:15', 'bn')).toBe('সন্ধ্যা ৬:১৫');
    expect(formatTime('2:15 pm', 'bn')).toBe('দুপুর ২:১৫');
    expect(formatTime('22:00', 'bn')).toBe('রাত ১০:০০');
  });

  it('shows what it cannot read as typed, in the language digits', () => {
    expect(formatTime('after 5', 'en')).toBe('after 5');
    expect(formatTime('25:00', 'en')).toBe('25:00');
    expect(formatTime('13:00 pm', 'en')).toBe('13:00 pm');
    expect(formatTime('after 5', 'bn')).toBe('after ৫');
    expect(formatTime('', 'bn')).toBe('');
  });
});
