import { describe, expect, it } from 'vitest';
import { newSignInEmail } from './sign-in-templates';
import { invitationEmail, verificationEmail } from './templates';

describe('mail greetings', () => {
  const url = 'https://gatehouse.example/link';

  it('greets an account by its name, by its address when it has none, and an invitee plainly', () => {
    expect(verificationEmail({ to: 'ada@example.com', name: 'Ada', url }).text).toMatch(/^Hello Ada,\n/);
    expect(verificationEmail({ to: 'ada@example.com', name: '', url }).text).toMatch(/^Hello ada@example\.com,\n/);
    const invitation = invitationEmail({
      to: 'new@example.com',
      organizationName: 'Acme',
      inviterName: 'Ada',
      role: 'member',
      url,
    });
    expect(invitation.text).toMatch(/^Hello,\nAda invited you to join Acme/);
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
