/**
 * The browser tab's title for the screen on show (React moves it into <head>): a screen reader
 * announces it, and the history and the tabs name each screen. One per screen.
 */
export function PageTitle({ children }: { children: string }) {
  return <title>{`${children} · Gatehouse`}</title>;
}
