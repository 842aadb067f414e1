import { SegmentedMessage } from 'sms-segments-calculator';

// How many segments an SMS takes, and its encoding (issue 32): Twilio's calculator, the rules
// operators bill by. GSM 03.38 texts take 160 characters in one segment and 153 per segment when
// split (an extension character such as € counts twice); anything else, Bangla included, goes as
// UCS-2: 70 in one segment, 67 per segment when split, never splitting a grapheme.

export interface SmsShape {
  segments: number;
  /** UCS-2 (SMPP data_coding 8) when the text has a character outside GSM 03.38. */
  unicode: boolean;
}

export function smsShape(text: string): SmsShape {
  const message = new SegmentedMessage(text, 'auto');
  return { segments: message.segmentsCount, unicode: message.encodingName === 'UCS-2' };
}
