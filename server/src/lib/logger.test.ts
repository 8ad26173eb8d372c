import { afterEach, describe, expect, it } from 'vitest';
import { argumentFields, createLogger, routeConsoleTo } from './logger';

const FORGED = 'quota\n{"level":"error","msg":"forged"}';

describe('the JSON logger', () => {
  const saved = { ...console };
  afterEach(() => Object.assign(console, saved));

  it('takes what a library prints through console as one JSON line, its colours and line breaks inside', () => {
    const lines: string[] = [];
    routeConsoleTo(createLogger('debug', (line) => lines.push(line)));
    // eslint-disable-next-line no-console
    console.error('\u001b[31mERROR\u001b[0m [Better Auth]:', FORGED, new Error('boom'));
    expect(lines).toHaveLength(1);
    expect(lines[0]).not.toContain('\n');
    const parsed = JSON.parse(lines[0]!) as { level: string; msg: string; source: string };
    expect(parsed).toMatchObject({ level: 'error', source: 'console' });
    expect(parsed.msg.startsWith('ERROR [Better Auth]: quota\n{"level"')).toBe(true);
  });

  it("keeps Better Auth's extra arguments as one field", () => {
    const fields = argumentFields([new Error('boom'), { organization: FORGED }, 'text']);
    expect(fields?.details).toEqual([
      expect.objectContaining({ error: 'boom' }),
      expect.stringContaining('organization'),
      'text',
    ]);
    expect(argumentFields([])).toBeUndefined();
  });
});
