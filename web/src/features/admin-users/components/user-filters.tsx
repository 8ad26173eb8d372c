import type { AdminUserListQuery, UserFlag } from '#common/admin';
import { Select } from '@/components/ui/select';

/** Each flag filter: its select's name, and its three choices (any, on, off). */
const FILTERS: { flag: UserFlag; label: string; any: string; on: string; off: string }[] = [
  { flag: 'banned', label: 'Status filter', any: 'Any status', on: 'Banned', off: 'Active' },
  { flag: 'emailVerified', label: 'Email filter', any: 'Any email', on: 'Verified', off: 'Unverified' },
  { flag: 'isAnonymous', label: 'Account filter', any: 'Any account', on: 'Guests', off: 'Registered' },
  {
    flag: 'twoFactorEnabled',
    label: 'Two-factor filter',
    any: 'Any two-factor',
    on: 'Two-factor on',
    off: 'Two-factor off',
  },
];

/** The flag filters of the list, kept in the view (the URL) like the role filter. */
export function UserFilters({
  view,
  setView,
}: {
  view: AdminUserListQuery;
  setView: (change: Partial<AdminUserListQuery>) => void;
}) {
  return FILTERS.map(({ flag, label, any, on, off }) => (
    <Select
      key={flag}
      aria-label={label}
      value={view[flag] === undefined ? '' : String(view[flag])}
      onChange={(event) =>
        setView({ [flag]: event.target.value === '' ? undefined : event.target.value === 'true', offset: 0 })
      }
    >
      <option value="">{any}</option>
      <option value="true">{on}</option>
      <option value="false">{off}</option>
    </Select>
  ));
}
