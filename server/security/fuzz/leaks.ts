import { ROOT } from '#test/server-process';

const STACK_FRAME = /\n\s+at\s|\bat\s+\S+\s+\(?[^()\s]*:\d+:\d+\)?/;

/** What an answer shows that it must not: a stack frame, a server path, a file URL; undefined when clean. */
export function leak(text: string): string | undefined {
  if (STACK_FRAME.test(text)) return 'a stack frame';
  if (text.includes(ROOT)) return `the server path ${ROOT}`;
  if (text.includes('node_modules')) return 'node_modules';
  if (text.includes('file://')) return 'a file:// URL';
  return undefined;
}

/** A body or a URL cut to a length a failure report can hold. */
export const shorten = (text: string, max = 300) =>
  text.length > max ? `${text.slice(0, max)}… (${text.length} chars)` : text;
