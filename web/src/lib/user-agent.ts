import Bowser from 'bowser';

/**
 * A user agent as people read it, "Chrome 131 on Windows 10", by a maintained parser (bowser);
 * null when it names no browser nor system (a script's "curl/8.5.0"), for the raw text to stand in.
 */
export function describeUserAgent(userAgent: string | null | undefined): string | null {
  if (!userAgent) return null;
  const { browser, os } = Bowser.parse(userAgent);
  const name = [browser.name, browser.version?.split('.')[0]].filter(Boolean).join(' ');
  // Windows says "NT 10.0" as its version and "10" as its name for it; macOS names its versions.
  const system = [os.name, os.name === 'macOS' ? undefined : (os.versionName ?? os.version)].filter(Boolean).join(' ');
  if (!name) return system || null;
  return system ? `${name} on ${system}` : name;
}
