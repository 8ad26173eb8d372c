import type { SignInProvider } from '#common/identity-providers';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';

/** One button per configured identity provider; nothing when none is configured. */
export function ProviderButtons({
  providers,
  pending,
  onProvider,
}: {
  providers: SignInProvider[];
  /** The provider whose sign-in is under way, or true while another way is. */
  pending: string | boolean;
  onProvider: (id: string) => void;
}) {
  if (providers.length === 0) return null;
  return (
    <div className="space-y-3">
      {providers.map((provider) => (
        <Button
          key={provider.id}
          variant="secondary"
          className="w-full"
          disabled={pending !== false}
          onClick={() => onProvider(provider.id)}
        >
          {pending === provider.id && <Spinner size="sm" label={`Opening ${provider.label}`} />}
          Continue with {provider.label}
        </Button>
      ))}
    </div>
  );
}
