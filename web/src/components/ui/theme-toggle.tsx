import { useState } from 'react';
import { readThemeChoice, saveThemeChoice, type ThemeChoice } from '@/lib/theme';
import { Select } from './select';

const CHOICES: { value: ThemeChoice; label: string }[] = [
  { value: 'system', label: 'System' },
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark' },
];

/** System / Light / Dark, kept in this browser. Tiny on purpose: it is part of the sign-in screen. */
export function ThemeToggle() {
  const [choice, setChoice] = useState(readThemeChoice);
  return (
    <Select
      aria-label="Theme"
      value={choice}
      onChange={(event) => {
        const next = event.target.value as ThemeChoice;
        setChoice(next);
        saveThemeChoice(next);
      }}
    >
      {CHOICES.map(({ value, label }) => (
        <option key={value} value={value}>
          {label}
        </option>
      ))}
    </Select>
  );
}
