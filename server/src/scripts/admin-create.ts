import { parseArgs } from 'node:util';
import { emailSchema, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '#common/validation';
import { ensureAdmin } from '../auth/admin-bootstrap';
import { createContext } from '../context';
import { ConfigError, loadConfig } from '../env';

/** `npm run admin:create -- --email a@b.c --password … [--name …]`: create or promote an admin. */
const usage = 'Usage: npm run admin:create -- --email <email> --password <password> [--name <name>]';

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

let values;
try {
  ({ values } = parseArgs({
    options: { email: { type: 'string' }, password: { type: 'string' }, name: { type: 'string' } },
  }));
} catch (error) {
  fail(`${(error as Error).message}\n${usage}`);
}
const email = emailSchema.safeParse(values.email ?? '');
if (!email.success) fail(`--email must be an email address\n${usage}`);
const password = values.password ?? '';
if (password.length < PASSWORD_MIN_LENGTH || password.length > PASSWORD_MAX_LENGTH) {
  fail(`--password must be ${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters\n${usage}`);
}

try {
  // The bootstrap admin from the environment is not applied here: only the one named on the command line.
  const config = { ...loadConfig(), adminEmail: undefined, adminPassword: undefined };
  const context = await createContext(config);
  const outcome = await ensureAdmin(context.auth, { email: email.data, password, name: values.name }, (takeOver) =>
    process.stdout.write(
      `The account ${email.data} was not an admin and its password was not the one given: it was taken over ` +
        `(password replaced; ${takeOver.sessions} sessions, ${takeOver.apiKeys} API keys and ${takeOver.passkeys} passkeys removed).\n`,
    ),
  );
  await context.close();
  const said = {
    created: 'Created admin',
    promoted: 'Promoted to admin',
    'taken-over': 'Took over as admin',
    unchanged: 'Already an admin',
  }[outcome];
  process.stdout.write(`${said}: ${email.data}\n`);
} catch (error) {
  fail(error instanceof ConfigError ? error.message : `Could not create the admin: ${String(error)}`);
}
