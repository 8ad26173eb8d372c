import { Card } from '@/components/ui/card';
import { QueryView } from '@/components/ui/query-view';
import { useSignInAlerts } from '../api/get-sign-in-alerts';
import { useUpdateSignInAlerts } from '../api/update-sign-in-alerts';

const HELP_ID = 'sign-in-alerts-help';

/** The switch for mails about sign-ins from somewhere new; each change is saved at once. */
export function SignInAlertsCard() {
  const setting = useSignInAlerts();
  const update = useUpdateSignInAlerts();
  return (
    <Card title="Sign-in alerts">
      <QueryView query={setting} empty={null} isEmpty={() => false}>
        {({ enabled }) => {
          // While saving, the switch shows what was asked; then what the server answered.
          const shown = update.isPending ? (update.variables?.enabled ?? enabled) : enabled;
          return (
            <div className="space-y-2">
              <label className="flex items-center gap-3 text-sm font-medium text-foreground">
                <input
                  type="checkbox"
                  role="switch"
                  className="size-4 accent-primary"
                  checked={shown}
                  disabled={update.isPending}
                  aria-describedby={HELP_ID}
                  onChange={(event) => update.mutate({ enabled: event.target.checked })}
                />
                Email me about new sign-ins
              </label>
              <p id={HELP_ID} className="text-sm text-muted-foreground">
                We send a mail when your account signs in from a browser or a country it has not signed in from before,
                so that you notice if it was not you.
              </p>
            </div>
          );
        }}
      </QueryView>
    </Card>
  );
}
