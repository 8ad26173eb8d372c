import { describe, expect, it } from 'vitest';
import { expectPath, useBrowser, toasts } from './support/browser';
import { waitForMail } from './support/mailbox';
import { confirmWith } from './support/confirmation';
import { expectStyledAs } from './support/styles';
import { createUser, newUser, signInContext } from './support/users';

describe('organizations, invitations and teams', () => {
  const t = useBrowser();

  it('runs the whole flow with an owner, an invited member and an outsider', async () => {
    const owner = await createUser(t.baseURL, newUser('owner'));
    const member = await createUser(t.baseURL, newUser('member'));
    const outsider = await createUser(t.baseURL, newUser('outsider'));
    const organizationName = `Org ${member.email.slice(7, 15)}`;
    const page = t.page;

    // The owner creates an organization and a team.
    await signInContext(t.context, t.baseURL, owner);
    // Only a verified account sends invitations: the owner proves their address first.
    await page.goto('/profile');
    await page.getByRole('button', { name: 'Send Verification' }).click();
    await page.goto((await waitForMail(t.baseURL, owner.email, /Verify your email/)).links[0]!);
    await page.goto('/organizations');
    const createButton = page.getByRole('button', { name: 'Create Organization' });
    expect(await createButton.isDisabled()).toBe(true);
    await page.getByLabel('Organization name').fill('   ');
    expect(await createButton.isDisabled()).toBe(true);
    await page.getByLabel('Organization name').fill(organizationName);
    await page.getByLabel('Organization name').press('Enter');
    const card = page.getByRole('button', { name: new RegExp(organizationName) });
    await card.click();
    await page.getByText('Your role').waitFor();
    await page.getByRole('button', { name: 'New Team' }).click();
    expect(await page.getByRole('button', { name: 'Create Team' }).isDisabled()).toBe(true);
    await page.getByLabel('Team name').fill('Platform');
    await page.getByLabel('Team name').press('Enter');
    const teamLink = page.getByRole('link', { name: 'Platform' });
    await teamLink.waitFor();
    // On a 390-pixel phone the page does not scroll sideways.
    const wide = page.viewportSize();
    await page.setViewportSize({ width: 390, height: 844 });
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    if (wide) await page.setViewportSize(wide);

    // The owner opens the organization's page and invites the member by email.
    await page.getByRole('link', { name: 'Open organization' }).click();
    await page.getByRole('heading', { name: organizationName }).waitFor();
    await page.getByLabel('Email to invite').fill(member.email);
    await page.getByRole('button', { name: 'Send invitation' }).click();
    await toasts(page).getByText(`Invitation sent to ${member.email}.`).waitFor();
    await page.getByRole('list', { name: 'Pending invitations' }).getByText(member.email).waitFor();

    // The member follows the link, verifies their address and accepts.
    const { context: memberContext, page: memberPage } = await t.visitorSignedInAs(member);
    const invitation = await waitForMail(t.baseURL, member.email, /^Invitation to join an organization on Gatehouse$/);
    await memberPage.goto(invitation.links[0]!);
    await memberPage.getByText('Verify your email address to see the invitations sent to it.').waitFor();
    await memberPage.getByRole('button', { name: 'Send Verification' }).click();
    await memberPage.goto((await waitForMail(t.baseURL, member.email, /Verify your email/)).links[0]!);
    const invitations = memberPage.getByRole('list', { name: 'My invitations' });
    await invitations.getByText(organizationName).waitFor();
    expect(await invitations.textContent()).toContain(`Invited by ${owner.email}`);
    await invitations.getByRole('button', { name: 'Accept' }).click();
    await memberPage.getByText('No pending invitations.').waitFor();
    await toasts(memberPage).getByText('Invitation accepted').waitFor();
    const access = memberPage.getByRole('list', { name: 'My organizations' });
    await access.getByText(organizationName).waitFor();
    expect(await access.textContent()).toContain('2 members');

    // The owner makes the team private, adds the member, promotes and demotes them.
    await page.getByRole('link', { name: 'Back to organizations' }).click();
    await card.click();
    await teamLink.click();
    await page.getByRole('heading', { name: 'Platform' }).waitFor();
    await page.getByText('Public Team', { exact: true }).waitFor();
    await page.getByText('Team Owner', { exact: true }).waitFor();
    await page
      .getByText('This is a public team: every member of the organization belongs to it.', { exact: false })
      .waitFor();
    await page.getByRole('button', { name: 'Make Private' }).click();
    await page.getByText('Private Team', { exact: true }).waitFor();

    const membersCard = page.getByRole('region', { name: 'Members' });
    await page.getByLabel('Member email').fill(outsider.email);
    await page.getByRole('button', { name: 'Add Member' }).click();
    await expect
      .poll(() => membersCard.getByRole('alert').textContent())
      .toBe('User not found in organization. They must be an organization member first.');

    await page.getByLabel('Member email').fill(member.email);
    await page.getByRole('button', { name: 'Add Member' }).click();
    const members = page.getByRole('list', { name: 'Team members' });
    await members.getByText(member.email).waitFor();
    expect(await page.getByRole('button', { name: `Promote ${owner.email}` }).count()).toBe(0);
    await page.getByRole('button', { name: `Promote ${member.email}` }).click();
    await page.getByRole('button', { name: `Demote ${member.email}` }).click();
    await page.getByRole('button', { name: `Promote ${member.email}` }).waitFor();

    t.expectRefusal(409, '/api/auth/team-permissions/add-member'); // a member already
    await page.getByLabel('Member email').fill(member.email);
    await page.getByRole('button', { name: 'Add Member' }).click();
    await expect
      .poll(() => membersCard.getByRole('alert').textContent())
      .toBe('Failed to add member. They may already be a team member.');

    // The member sees the team as a member, without the owner's controls.
    const teamUrl = new URL(page.url()).pathname;
    await memberPage.goto(teamUrl);
    await memberPage.getByText('Team Member', { exact: true }).waitFor();
    expect(await memberPage.getByRole('button', { name: 'Make Public' }).count()).toBe(0);
    expect(await memberPage.getByRole('button', { name: 'Delete Team' }).count()).toBe(0);
    await memberContext.close();

    // An outsider learns nothing.
    const { context: outsiderContext, page: outsiderPage } = await t.visitorSignedInAs(outsider);
    await outsiderPage.goto(teamUrl);
    await outsiderPage.getByRole('heading', { name: 'Team not found' }).waitFor();
    await outsiderContext.close();

    // The owner deletes the team, after a confirmation that names it, in a card bordered in red.
    await expectStyledAs(page.getByRole('region', { name: 'Danger Zone' }), 'border-danger-border', [
      'border-top-color',
    ]);
    await page.getByRole('button', { name: 'Delete Team' }).click();
    await confirmWith(
      page,
      'Delete team',
      'Are you sure you want to delete the team "Platform"? This action cannot be undone.',
    );
    await expectPath(page, '/organizations');
    t.expectRefusal(404, '/api/auth/team-permissions/get-team'); // the deleted team
    await page.goto(teamUrl);
    await page.getByRole('heading', { name: 'Team not found' }).waitFor();
  });
});
