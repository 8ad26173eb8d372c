import { useState } from 'react';
import type { AdminUserRow } from '#common/admin';

const NONE: ReadonlyMap<string, AdminUserRow> = new Map();

export interface UserSelection {
  users: AdminUserRow[];
  has: (userId: string) => boolean;
  toggle: (user: AdminUserRow) => void;
  /** Selects (or leaves) every user given: the rows of the page. */
  setAll: (users: readonly AdminUserRow[], selected: boolean) => void;
  clear: () => void;
}

/**
 * The users ticked for a bulk action, kept with the view they were ticked in: another search, filter
 * or page starts with none, so an action never reaches users no longer on screen.
 */
export function useUserSelection(viewKey: string): UserSelection {
  const [state, setState] = useState({ viewKey, users: NONE });
  const current = state.viewKey === viewKey ? state.users : NONE;
  const change = (edit: (users: Map<string, AdminUserRow>) => void) => {
    const next = new Map(current);
    edit(next);
    setState({ viewKey, users: next });
  };
  return {
    users: [...current.values()],
    has: (userId) => current.has(userId),
    toggle: (user) =>
      change((users) => {
        if (users.has(user.id)) users.delete(user.id);
        else users.set(user.id, user);
      }),
    setAll: (users, selected) =>
      change((next) => {
        for (const user of users) {
          if (selected) next.set(user.id, user);
          else next.delete(user.id);
        }
      }),
    clear: () => setState({ viewKey, users: NONE }),
  };
}
