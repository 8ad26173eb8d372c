import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

/** What a lone element with these classes computes for a CSS property, on the current page. */
function styleOfClasses(page: Page, classes: string, property: string): Promise<string> {
  return page.evaluate(
    ([classes, property]) => {
      const probe = document.createElement('span');
      probe.className = classes!;
      document.body.append(probe);
      const value = getComputedStyle(probe).getPropertyValue(property!);
      probe.remove();
      return value;
    },
    [classes, property],
  );
}

/**
 * That an element shows what the given Tailwind classes set (its own classes overriding its
 * component's defaults): each property is compared with a probe carrying only those classes.
 */
export async function expectStyledAs(element: Locator, classes: string, properties: string[]) {
  const page = element.page();
  for (const property of properties) {
    const actual = await element.evaluate((node, name) => getComputedStyle(node).getPropertyValue(name), property);
    expect(actual, `${property} of ${classes}`).toBe(await styleOfClasses(page, classes, property));
  }
}
