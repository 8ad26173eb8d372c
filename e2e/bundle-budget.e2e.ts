import { describe, expect, it } from 'vitest';
import { AUTH_BUNDLE_BUDGET_BYTES, formatAuthBundle, measureAuthBundle } from './support/auth-bundle';
import { useBrowser } from './support/browser';

describe('the sign-in screen stays light', () => {
  const t = useBrowser();

  it(`loads at most ${AUTH_BUNDLE_BUDGET_BYTES / 1024} KB of JavaScript (gzip, as transferred)`, async () => {
    const bundle = await measureAuthBundle(t.baseURL, t.browser);
    process.stdout.write(formatAuthBundle(bundle));
    expect(bundle.scripts.length, 'no script was seen: the measure is broken').toBeGreaterThan(0);
    expect(bundle.total).toBeLessThanOrEqual(AUTH_BUNDLE_BUDGET_BYTES);
  });
});
