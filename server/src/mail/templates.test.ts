import { describe, expect, it } from 'vitest';
import { newSignInEmail } from './sign-in-templates';
import { INVITATION_SUBJECT, invitationEmail, quoted, verificationEmail } from './templates';

describe('mail greetings', () => {
  const url = 'https://gatehouse.example/link';

  it('greets an account by its name, by its address when it has none, and an invitee plainly', () => {
    expect(verificationEmail({ to: 'ada@example.com', name: 'Ada', url }).text).toMatch(/^Hello Ada,\n/);
    expect(verificationEmail({ to: 'ada@example.com', name: '', url }).text).toMatch(/^Hello ada@example\.com,\n/);
    const invitation = invitationEmail({
      to: 'new@example.com',
      organizationName: 'Acme',
      inviterName: 'Ada',
      inviterEmail: 'ada@example.com',
      role: 'member',
      url,
    });
    expect(invitation.text).toMatch(/^Hello,\nYou are invited to join an organization on Gatehouse as member\./);
  });

  it('writes the greeting into the HTML part as text, never as markup', () => {
    const signIn = {
      at: new Date(0),
      browser: null,
      ipAddress: null,
      location: null,
      newBrowser: true,
      newCountry: false,
    };
    const mail = newSignInEmail({ to: 'ada@example.com', name: '<b>Ada</b>', signIn, profileUrl: url });
    expect(mail.html).toContain('<p>Hello &lt;b&gt;Ada&lt;/b&gt;,</p>');
    expect(mail.text).toMatch(/^Hello <b>Ada<\/b>,\n/);
  });
});

describe('names people chose, in an invitation', () => {
  const url = 'https://gatehouse.example/profile';
  const lure = 'Your account is suspended – verify at http://evil.example/login';
  const mail = invitationEmail({
    to: 'victim@example.com',
    organizationName: `${lure}\r\nBcc: x@example.com\u202e`,
    inviterName: '<a href="http://evil.example">Gatehouse Security Team</a>',
    inviterEmail: 'security@evil.example',
    role: 'member',
    url,
  });

  it('keeps them out of the subject, which is ours alone', () => {
    expect(mail.subject).toBe(INVITATION_SUBJECT);
    expect(mail.subject).not.toMatch(/evil|Security Team|suspended/);
  });

  it('shows them only as quotations, on one line, defanged so that no client makes a link of them', () => {
    expect(mail.text).toContain(
      '> Organization: “Your account is suspended – verify at http[://]evil[.]example/login Bcc: x@example[.]com',
    );
    expect(mail.text).toContain(
      '> Invited by: “<a href="http[://]evil[.]example">Gatehouse Security Team</a> (security@evil[.]example)”',
    );
    for (const part of [mail.text, mail.html]) {
      expect(part).not.toContain('evil.example');
      expect(part).not.toContain('http://evil');
      expect(part).not.toContain('\u202e');
    }
    // The only link of the mail is ours.
    expect(mail.html.match(/href="[^"]*"/g)).toEqual([`href="${url}"`, `href="${url}"`]);
    expect(mail.html).toContain('<blockquote');
    expect(mail.html).toContain('&lt;a href=&quot;http[://]evil[.]example&quot;&gt;Gatehouse Security Team&lt;/a&gt;');
  });

  it('cuts a long name short and leaves ordinary names as they are', () => {
    expect(quoted('x'.repeat(500))).toHaveLength(100);
    expect(quoted('  Acme   Inc.  ')).toBe('Acme Inc.');
    expect(quoted('Zoë & Söhne')).toBe('Zoë & Söhne');
  });
});
