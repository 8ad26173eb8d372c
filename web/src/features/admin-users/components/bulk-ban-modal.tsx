import { useZodForm } from '@/lib/use-zod-form';
import { banUserSchema, type BanUserInput } from '../api/ban-user';
import { BULK_ACTIONS } from '../utils/bulk-actions';
import { BanFields } from './ban-fields';
import { ModalForm } from './modal-form';

/** "Ban 3 users?": the reason and duration, asked as the single Ban User form asks them. */
export function BulkBanModal({
  count,
  onBan,
  onClose,
}: {
  count: number;
  onBan: (input: BanUserInput) => void;
  onClose: () => void;
}) {
  const form = useZodForm(banUserSchema, { defaultValues: { banReason: '', banExpiresIn: '' } });
  return (
    <ModalForm
      title={BULK_ACTIONS.ban.question(count)}
      onClose={onClose}
      onSubmit={form.handleSubmit((input) => {
        onBan(input);
        onClose();
      })}
      error={undefined}
      submitLabel={BULK_ACTIONS.ban.confirm}
      pending={false}
      danger
    >
      <p className="text-sm text-secondary-foreground">{BULK_ACTIONS.ban.explanation}</p>
      <BanFields form={form} />
    </ModalForm>
  );
}
