import { describe, expect, it } from 'vitest';
import { browserAndSystem, describeUserAgent } from './user-agent';

const CHROME_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:132.0) Gecko/20100101 Firefox/132.0';
const EDGE_MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0';

describe('describeUserAgent', () => {
  it('names the browser, its major version and the system', () => {
    const cases: [string, string][] = [
      [CHROME_WINDOWS, 'Chrome 131 on Windows 10'],
      [SAFARI_IPHONE, 'Safari 17 on iOS 17.5'],
      [FIREFOX_LINUX, 'Firefox 132 on Linux'],
      [EDGE_MAC, 'Microsoft Edge 131 on macOS'],
    ];
    for (const [userAgent, described] of cases) expect(describeUserAgent(userAgent)).toBe(described);
  });

  it('gives null for what names neither, and for nothing', () => {
    expect(describeUserAgent('curl/8.5.0')).toBeNull();
    expect(describeUserAgent('')).toBeNull();
    expect(describeUserAgent(null)).toBeNull();
  });
});

describe('browserAndSystem', () => {
  it('names the browser and the system without versions, so an update keeps the name', () => {
    expect(browserAndSystem(CHROME_WINDOWS)).toBe('Chrome on Windows');
    expect(browserAndSystem(CHROME_WINDOWS.replace('Chrome/131', 'Chrome/132'))).toBe('Chrome on Windows');
    expect(browserAndSystem(SAFARI_IPHONE)).toBe('Safari on iOS');
    expect(browserAndSystem(FIREFOX_LINUX)).toBe('Firefox on Linux');
    expect(browserAndSystem(EDGE_MAC)).toBe('Microsoft Edge on macOS');
  });

  it('gives null for what names neither, and for nothing', () => {
    expect(browserAndSystem('curl/8.5.0')).toBeNull();
    expect(browserAndSystem('')).toBeNull();
    expect(browserAndSystem(undefined)).toBeNull();
  });
});
