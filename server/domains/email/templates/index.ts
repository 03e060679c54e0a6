import { escapeHtml, layout } from './layout.ts';

export type RenderedEmail = { subject: string; html: string; text: string };

/**
 * Each template is written once as a list of blocks; the HTML and the plain-text versions are both
 * produced from it, so they can never say different things.
 */
type Block =
  | { kind: 'p'; text: string }
  | { kind: 'button'; label: string; url: string }
  | { kind: 'code'; code: string }
  /** Text written by someone else (a contact message): kept as typed, line breaks included. */
  | { kind: 'quote'; text: string };

function render(subject: string, preheader: string, blocks: Block[]): RenderedEmail {
  const html = blocks
    .map((block) => {
      if (block.kind === 'p') return `<p style="margin:0 0 16px">${escapeHtml(block.text)}</p>`;
      if (block.kind === 'quote')
        return `<div style="margin:0 0 16px;padding:12px 16px;border-left:4px solid #99e9f2;background:#f8fafc;white-space:pre-wrap">${escapeHtml(block.text)}</div>`;
      if (block.kind === 'code')
        return `<p style="margin:0 0 16px;font-size:28px;letter-spacing:6px;font-weight:700">${escapeHtml(block.code)}</p>`;
      return `<p style="margin:0 0 16px"><a href="${escapeHtml(block.url)}" style="display:inline-block;background:#0c8599;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:600">${escapeHtml(block.label)}</a></p><p style="margin:0 0 16px;font-size:13px;color:#555">Or paste this link into your browser: ${escapeHtml(block.url)}</p>`;
    })
    .join('\n');
  const text = blocks
    .map((block) => {
      if (block.kind === 'p') return block.text;
      if (block.kind === 'code') return block.code;
      if (block.kind === 'quote') return `----------\n${block.text}\n----------`;
      return `${block.label}: ${block.url}`;
    })
    .join('\n\n');
  return { subject, html: layout(preheader, html), text: `${text}\n\n— Privy\n` };
}

const greet = (name: unknown) => (typeof name === 'string' && name.trim() ? `Hi ${name.trim()},` : 'Hi,');

export const templates = {
  'verify-email': (data: { name?: string; url: string }) =>
    render('Confirm your email for Privy', 'One tap to confirm your email address.', [
      { kind: 'p', text: greet(data.name) },
      { kind: 'p', text: 'Please confirm your email address so we can reach you about your bookings.' },
      { kind: 'button', label: 'Confirm my email', url: data.url },
      {
        kind: 'p',
        text: 'The link works for 24 hours. If you did not create a Privy account, ignore this email.',
      },
    ]),
  'reset-password': (data: { name?: string; url: string }) =>
    render('Reset your Privy password', 'Choose a new password for your Privy account.', [
      { kind: 'p', text: greet(data.name) },
      { kind: 'p', text: 'Someone (hopefully you) asked to reset the password of your Privy account.' },
      { kind: 'button', label: 'Choose a new password', url: data.url },
      {
        kind: 'p',
        text: 'The link works for one hour. If you did not ask for this, you can ignore this email.',
      },
    ]),
  /** An admin opened an account for this address (ADR 134): the link sets its first password. */
  'account-invite': (data: { name?: string; url: string; days: number }) =>
    render('You are invited to Privy', 'Choose a password to start using your Privy account.', [
      { kind: 'p', text: greet(data.name) },
      { kind: 'p', text: 'A Privy admin created an account for you with this email address.' },
      { kind: 'button', label: 'Choose my password', url: data.url },
      {
        kind: 'p',
        text: `The link works for ${data.days} days. If you did not expect this, ignore this email and nothing will happen.`,
      },
    ]),
  /** Sent instead of a sign-up when the address already has an account (ADR 105: no enumeration). */
  'account-exists': (data: { name?: string; signInUrl: string; resetUrl: string }) =>
    render('Someone tried to create a Privy account with your email', 'You already have a Privy account.', [
      { kind: 'p', text: greet(data.name) },
      {
        kind: 'p',
        text: 'Someone (hopefully you) just tried to create a Privy account with this email address. You already have one, so nothing was created and nothing changed.',
      },
      { kind: 'button', label: 'Sign in to Privy', url: data.signInUrl },
      { kind: 'p', text: `Forgot your password? Choose a new one here: ${data.resetUrl}` },
      {
        kind: 'p',
        text: 'If it was not you, you can ignore this email: your account and password are as they were.',
      },
    ]),
  /** An email change's link goes to the new address first (ADR 145): the change waits for it. */
  'email-change-confirm': (data: { name?: string; url: string; hours: number }) =>
    render('Confirm your new email for Privy', 'One tap to start using this address on Privy.', [
      { kind: 'p', text: greet(data.name) },
      {
        kind: 'p',
        text: 'Someone (hopefully you) asked to use this email address for their Privy account. Confirm it, and we will send everything here from then on.',
      },
      { kind: 'button', label: 'Confirm this email', url: data.url },
      {
        kind: 'p',
        text: `The link works once, for ${data.hours} hours. If you did not ask for this, ignore this email and nothing changes.`,
      },
    ]),
  /** Told to the old address once the change has happened, with a way back (ADR 145). */
  'email-change-notice': (data: { name?: string; newEmail: string; undoUrl: string; days: number }) =>
    render('Your Privy email was changed', `Your Privy email is now ${data.newEmail}.`, [
      { kind: 'p', text: greet(data.name) },
      {
        kind: 'p',
        text: `Your Privy email was changed to ${data.newEmail}. From now on we send your bookings, receipts and sign-in links there.`,
      },
      {
        kind: 'p',
        text: 'If this wasn’t you, undo it: we put this address back, sign out every device and help you choose a new password.',
      },
      { kind: 'button', label: 'Undo this change', url: data.undoUrl },
      {
        kind: 'p',
        text: `The link works once, for ${data.days} days. If it was you, there is nothing to do.`,
      },
    ]),
  /** Sent instead of a confirmation when the new address already has an account (ADR 105, 145). */
  'email-change-taken': (data: { name?: string; signInUrl: string; resetUrl: string }) =>
    render('Someone tried to use your email on Privy', 'Your Privy account is unchanged.', [
      { kind: 'p', text: greet(data.name) },
      {
        kind: 'p',
        text: 'Someone (hopefully you) asked to move another Privy account to this email address. It already belongs to your account, so nothing changed.',
      },
      { kind: 'button', label: 'Sign in to Privy', url: data.signInUrl },
      { kind: 'p', text: `Forgot your password? Choose a new one here: ${data.resetUrl}` },
      { kind: 'p', text: 'If it was not you, you can ignore this email.' },
    ]),
  'one-time-code': (data: { code: string; purpose?: string }) =>
    render(`Your Privy code: ${data.code}`, 'Your one-time sign-in code.', [
      { kind: 'p', text: 'Here is your one-time code for Privy:' },
      { kind: 'code', code: data.code },
      {
        kind: 'p',
        text: 'It expires in 10 minutes. Never share it with anyone, including people who say they work for Privy.',
      },
    ]),
  'contact-message': (data: {
    name: string;
    email: string;
    subject: string;
    body: string;
    /** The Privy account the sender was signed in to, if any: support can look them up at once. */
    account?: { id: string; label: string } | undefined;
  }) =>
    render(`[Contact] ${data.subject}`, `Message from ${data.name}`, [
      { kind: 'p', text: `From: ${data.name} <${data.email}>` },
      { kind: 'p', text: `Subject: ${data.subject}` },
      {
        kind: 'p',
        text: data.account
          ? `Privy account: ${data.account.label} (user id ${data.account.id})`
          : 'Sent without signing in to a Privy account.',
      },
      { kind: 'quote', text: data.body },
      { kind: 'p', text: `Reply to this email to answer ${data.name} at ${data.email}.` },
    ]),
  /** One per notification type: its title, message, first action and email category (ADR 051). */
  notification: (data: {
    name?: string;
    title: string;
    message: string;
    actionLabel: string;
    actionUrl: string;
    /** Which of the /profile email switches this type answers to, e.g. "Bookings". */
    categoryLabel: string;
    preferencesUrl: string;
  }) => {
    const subject = `${data.title}: ${data.message}`;
    return render(subject.length > 120 ? `${subject.slice(0, 117)}...` : subject, data.message, [
      { kind: 'p', text: greet(data.name) },
      { kind: 'p', text: data.message },
      { kind: 'button', label: data.actionLabel, url: data.actionUrl },
      {
        kind: 'p',
        text: `You get this email because "${data.categoryLabel}" emails are on. Turn them off in your profile: ${data.preferencesUrl}`,
      },
    ]);
  },
} satisfies Record<string, (data: never) => RenderedEmail>;

export type TemplateName = keyof typeof templates;
export type TemplateData<T extends TemplateName> = Parameters<(typeof templates)[T]>[0];
