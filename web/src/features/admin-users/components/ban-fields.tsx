import type { UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { BAN_DURATION_SUGGESTIONS } from '#common/admin';
import { BAN_REASON_MAX_LENGTH } from '#common/ban';
import { Button } from '@/components/ui/button';
import { FormTextField } from '@/components/ui/form-fields';
import type { banUserSchema, BanUserInput } from '../api/ban-user';

/** A ban's reason and duration (with the suggested durations), for one user or several. */
export function BanFields({ form }: { form: UseFormReturn<z.input<typeof banUserSchema>, unknown, BanUserInput> }) {
  return (
    <>
      <FormTextField form={form} name="banReason" id="ban-reason" label="Reason" maxLength={BAN_REASON_MAX_LENGTH} />
      <FormTextField
        form={form}
        name="banExpiresIn"
        id="ban-duration"
        label="Duration in seconds (empty for permanent)"
        inputMode="numeric"
      />
      <div className="flex flex-wrap gap-2">
        {BAN_DURATION_SUGGESTIONS.map((suggestion) => (
          <Button
            key={suggestion.seconds}
            variant="secondary"
            size="sm"
            onClick={() => form.setValue('banExpiresIn', String(suggestion.seconds), { shouldValidate: true })}
          >
            {suggestion.label}
          </Button>
        ))}
      </div>
    </>
  );
}
