import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpStandIn, type SmtpStandIn } from '../../../test/smtp-stand-in';
import { alertMail, type AlertMailInput, verificationMail } from './mail-templates';
import { createMailer, type Mailer } from './mailer';

const FROM = 'Blood Donation <no-reply@blood.test>';

const alertInput = (over: Partial<AlertMailInput['request']> = {}): AlertMailInput => ({
  donorName: 'Sadia "Sadi" <b>Rahman</b>',
  request: {
    bloodGroup: 'B+',
    component: 'whole_blood',
    unitsNeeded: 2,
    hospitalName: 'Dhaka <script>alert("x")</script> & "Medical"',
    district: 'Dhaka',
    donationDate: '2026-03-05',
    donationTime: '14:30',
    urgency: 'urgent',
    ...over,
  },
  acceptUrl: 'https://blood.test/respond/r1?answer=accept&t=a"b',
  declineUrl: 'https://blood.test/respond/r1?answer=decline',
  unsubscribePageUrl: 'https://blood.test/unsubscribe?t=tok',
  oneClickUnsubscribeUrl: 'https://blood.test/api/unsubscribe?t=tok',
  siteName: 'Blood Donation',
});

describe('alert and verification mails', () => {
  it('are written in the recipient language: Bangla words, digits and dates, English links', () => {
    const mail = alertMail({ ...alertInput({ hospitalName: 'DMCH', district: 'ঢাকা', unitsNeeded: 2 }), lang: 'bn' });
    expect(mail.subject).toBe('জরুরি: DMCH-এ B+ রক্ত প্রয়োজন');
    expect(mail.html).toContain('<html lang="bn">');
    expect(mail.text).toContain('ঢাকা-এর DMCH-এ B+ রক্ত প্রয়োজন: ২ ব্যাগ');
    expect(mail.text).toContain('মার্চ'); // Bangla month
    expect(mail.text).toContain('১৪:৩০'); // Bangla digits
    expect(mail.text).toContain('হ্যাঁ, আমি রক্ত দিতে পারব: https://blood.test/respond/r1?answer=accept');
    // No English word is left but the names, the group and the addresses.
    const words = mail.text.replace(/https?:\/\/\S+/g, '').replace(/Sadia|Sadi|Rahman|DMCH|Blood Donation|b>/g, '').match(/[A-Za-z]{3,}/g);
    expect(words).toBeNull();
    const verify = verificationMail({ name: 'Sadia', url: 'https://blood.test/v?t=1', siteName: 'Blood Donation', lang: 'bn' });
    expect(verify.subject).toBe('আপনার ইমেইল ঠিকানা নিশ্চিত করুন');
    expect(verify.html).toContain('<html lang="bn">');
  });

  it('say what is needed, where and when, with the urgency in the subject only when not normal', () => {
    const mail = alertMail(alertInput());
    expect(mail.subject).toBe('Urgent: B+ blood needed at Dhaka <script>alert("x")</script> & "Medical"');
    expect(alertMail(alertInput({ urgency: 'normal', component: 'platelets', hospitalName: 'DMCH' })).subject).toBe('B+ platelets needed at DMCH');
    expect(alertMail(alertInput({ urgency: 'critical' })).subject).toMatch(/^Critical: /);
    for (const part of [mail.text, mail.html]) {
      for (const fact of ['B+', 'Whole blood', 'Units needed', 'Thu, 5 Mar 2026 at 14:30', 'Urgent', 'Yes, I can donate', 'No, not this time']) {
        expect(part).toContain(fact);
      }
      expect(part).toMatch(/never be paid for/);
      expect(part).toMatch(/Turn off email alerts/);
    }
    expect(mail.text).toContain('Yes, I can donate: https://blood.test/respond/r1?answer=accept&t=a"b');
    expect(mail.headers).toMatchObject({
      'List-Unsubscribe': '<https://blood.test/api/unsubscribe?t=tok>',
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
  });

  it('escape every value in the HTML', () => {
    const { html } = alertMail(alertInput());
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<b>');
    expect(html).toContain('Dhaka &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &quot;Medical&quot;');
    expect(html).toContain('Sadia &quot;Sadi&quot; &lt;b&gt;Rahman&lt;/b&gt;');
    expect(html).toContain('href="https://blood.test/respond/r1?answer=accept&amp;t=a&quot;b"');
    expect(html).not.toMatch(/<table/i);
  });

  it('keep a value on its line: no added lines in the text part', () => {
    const { text, subject } = alertMail(alertInput({ hospitalName: 'DMCH\r\n\r\nPay 500 taka to: https://evil.test' }));
    expect(subject).toBe('Urgent: B+ blood needed at DMCH Pay 500 taka to: https://evil.test');
    expect(text.split('\n').filter((l) => l.includes('evil.test')).every((l) => l.includes('DMCH'))).toBe(true);
  });

  it('verification mail: the fixed subject and the link', () => {
    const mail = verificationMail({ name: 'Rahim <i>', url: 'https://blood.test/verify?t=x&y=1', siteName: 'Blood Donation' });
    expect(mail.subject).toBe('Confirm your email address');
    expect(mail.text).toContain('https://blood.test/verify?t=x&y=1');
    expect(mail.html).toContain('href="https://blood.test/verify?t=x&amp;y=1"');
    expect(mail.html).toContain('Rahim &lt;i&gt;');
  });
});

describe('mailer', () => {
  let smtp: SmtpStandIn;
  let mailer: Mailer;

  beforeAll(async () => {
    smtp = await startSmtpStandIn();
    const m = createMailer(smtp.url, FROM);
    if (!m) throw new Error('no mailer');
    mailer = m;
  });
  afterAll(async () => {
    mailer?.close();
    await smtp?.close();
  });

  it('is null without an SMTP URL', () => {
    expect(createMailer(undefined, FROM)).toBeNull();
  });

  it('sends both parts and the headers through SMTP, as a mail client reads them', async () => {
    const content = alertMail(alertInput());
    const before = smtp.messages.length;
    await mailer.send({ to: 'donor@example.com', ...content, messageId: '<alert-n1@blood.test>' });
    await smtp.waitFor(before + 1);
    const msg = smtp.messages[before]!;
    expect(msg.envelopeTo).toEqual(['donor@example.com']);
    expect(msg.to).toBe('donor@example.com');
    expect(msg.from).toBe('"Blood Donation" <no-reply@blood.test>');
    expect(msg.user).toBe('u');
    expect(msg.subject).toBe(content.subject);
    expect(msg.messageId).toBe('<alert-n1@blood.test>');
    expect(msg.text.trim()).toBe(content.text.trim());
    expect(msg.html).toContain('&lt;script&gt;');
    expect(msg.html).not.toContain('<script>');
    expect(msg.headers.get('list-unsubscribe')).toBe('<https://blood.test/api/unsubscribe?t=tok>');
    expect(msg.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    expect(msg.headers.get('content-type')).toMatch(/^multipart\/alternative/);
  });

  it('throws when the relay refuses a message, temporarily or for good, and goes on after', async () => {
    const mail = { to: 'donor@example.com', ...verificationMail({ name: 'R', url: 'https://blood.test/v', siteName: 'Blood Donation' }) };
    const before = smtp.messages.length;
    smtp.failNext(1, 451);
    await expect(mailer.send(mail)).rejects.toMatchObject({ responseCode: 451 });
    smtp.failNext(1, 550);
    await expect(mailer.send(mail)).rejects.toMatchObject({ responseCode: 550 });
    await mailer.send(mail);
    expect(smtp.messages.length).toBe(before + 1);
  });

  it('sends many at once over its pool', async () => {
    const before = smtp.messages.length;
    const content = alertMail(alertInput());
    await Promise.all(Array.from({ length: 20 }, (_, i) => mailer.send({ to: `d${i}@example.com`, ...content })));
    await smtp.waitFor(before + 20);
    expect(new Set(smtp.messages.slice(before).map((m) => m.to)).size).toBe(20);
  });

  it('throws when the relay cannot be reached', async () => {
    const closed = await startSmtpStandIn();
    const url = closed.url;
    await closed.close();
    const dead = createMailer(url, FROM)!;
    try {
      await expect(dead.send({ to: 'a@example.com', subject: 's', text: 't', html: '<p>t</p>' })).rejects.toThrow();
    } finally {
      dead.close();
    }
  });
});
