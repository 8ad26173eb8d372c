import { useEffect, useRef, useState } from 'react';

/** Time left as a clock shows it: "59:12", "1:02:03" past an hour, "0:00" once over (never negative). */
export function formatCountdown(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = String(total % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${seconds}` : `${minutes}:${seconds}`;
}

/**
 * The milliseconds left until `endsAt` (a time in ms), once a second; `onEnd` runs once when none
 * are left (at once if none were).
 */
export function useCountdown(endsAt: number, onEnd: () => void): number {
  const [now, setNow] = useState(Date.now);
  const ending = useRef(onEnd);
  const ended = useRef(false);
  useEffect(() => {
    ending.current = onEnd;
  }, [onEnd]);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const left = endsAt - now;
  useEffect(() => {
    if (left > 0 || ended.current) return;
    ended.current = true;
    ending.current();
  }, [left]);
  return left;
}
