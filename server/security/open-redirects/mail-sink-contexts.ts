import { afterAll } from 'vitest';
import { startSmtpSink } from '#test/smtp-sink';
import { sharedContexts } from '../support/contexts';

/**
 * One context per engine for the whole file (`sharedContexts`), whose mail goes to an SMTP server
 * of the file's own, `sink()`: both are closed after the file's last test.
 */
export function contextsWithMailSink() {
  let sink: Awaited<ReturnType<typeof startSmtpSink>> | undefined;
  const contexts = sharedContexts(async () => {
    sink ??= await startSmtpSink();
    return { env: { SMTP_URL: sink.url } };
  });
  afterAll(async () => {
    await contexts.destroyAll();
    await sink?.close();
  });
  return { contexts, sink: () => sink! };
}
