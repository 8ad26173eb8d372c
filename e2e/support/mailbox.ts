import { expect } from 'vitest';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  links: string[];
}

/** Waits for the newest message to `to` whose subject matches, from the development mailbox. */
export async function waitForMail(baseURL: string, to: string, subject: RegExp): Promise<Mail> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const response = await fetch(`${baseURL}/api/v1/dev/mailbox?to=${encodeURIComponent(to)}`);
    expect(response.status).toBe(200);
    const { messages } = (await response.json()) as { messages: Mail[] };
    const found = messages.find((message) => subject.test(message.subject));
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`No mail to ${to} matching ${subject} within 10 s`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
