import { KeyRound } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ErrorBox } from '@/components/ui/error-box';
import { FormTextField } from '@/components/ui/form-fields';
import { NAME_MAX_LENGTH } from '#common/validation';
import type { SessionUser } from '@/lib/auth-client';
import { useZodForm } from '@/lib/use-zod-form';
import { createApiKeySchema, useCreateApiKey } from '../api/create-api-key';
import { ApiKeysTable } from './api-keys-table';
import { CreatedApiKey } from './created-api-key';

export function ApiKeysCard({ user }: { user: SessionUser }) {
  const defaultName = `${user.name || user.email}'s API Key`;
  const create = useCreateApiKey();
  const form = useZodForm(createApiKeySchema, { defaultValues: { name: defaultName } });
  const onSubmit = form.handleSubmit(({ name }) => create.mutate(name || defaultName));

  return (
    <Card
      title="API Keys"
      description="Keys authenticate calls to the /api/v1 API with the x-api-key header. They expire after 30 days."
    >
      <div className="space-y-4">
        {create.data && <CreatedApiKey apiKey={create.data} onDismiss={create.reset} />}
        <form className="space-y-2" onSubmit={onSubmit} noValidate>
          <ErrorBox message={create.error?.message} />
          <div className="flex flex-wrap items-start gap-2">
            <div className="min-w-60 flex-1">
              <FormTextField form={form} name="name" id="api-key-name" label="Key name" maxLength={NAME_MAX_LENGTH} />
            </div>
            <Button type="submit" className="mt-6" disabled={create.isPending}>
              <KeyRound className="size-4" aria-hidden />
              Create API Key
            </Button>
          </div>
        </form>
        <ApiKeysTable />
      </div>
    </Card>
  );
}
