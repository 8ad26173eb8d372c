import Bowser from 'bowser';

/** What a user agent names, by a maintained parser (bowser); each part undefined when it names none. */
export interface UserAgentParts {
  browser: string | undefined;
  /** The major version ("131"). */
  browserVersion: string | undefined;
  system: string | undefined;
  /** As people name it: "10" for Windows NT 10.0, none for macOS (which names its versions). */
  systemVersion: string | undefined;
}

export function userAgentParts(userAgent: string): UserAgentParts {
  const { browser, os } = Bowser.parse(userAgent);
  return {
    browser: browser.name || undefined,
    browserVersion: browser.version?.split('.')[0] || undefined,
    system: os.name || undefined,
    // Windows says "NT 10.0" as its version and "10" as its name for it.
    systemVersion: os.name === 'macOS' ? undefined : (os.versionName ?? os.version) || undefined,
  };
}

/**
 * A user agent as people read it, "Chrome 131 on Windows 10"; null when it names no browser nor
 * system (a script's "curl/8.5.0"), for the raw text to stand in.
 */
export function describeUserAgent(userAgent: string | null | undefined): string | null {
  if (!userAgent) return null;
  const parts = userAgentParts(userAgent);
  const name = [parts.browser, parts.browserVersion].filter(Boolean).join(' ');
  const system = [parts.system, parts.systemVersion].filter(Boolean).join(' ');
  if (!name) return system || null;
  return system ? `${name} on ${system}` : name;
}

/**
 * The browser and system without their versions, "Chrome on Windows": what stays the same across
 * updates, so one device keeps one name. Null when the user agent names neither.
 */
export function browserAndSystem(userAgent: string | null | undefined): string | null {
  if (!userAgent) return null;
  const { browser, system } = userAgentParts(userAgent);
  if (!browser && !system) return null;
  return `${browser ?? 'Unknown browser'} on ${system ?? 'an unknown system'}`;
}
