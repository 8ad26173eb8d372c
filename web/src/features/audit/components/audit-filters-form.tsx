import { AUDIT_ACTION_NAMES, AUDIT_ACTIONS, AUDIT_OUTCOME_LABELS, AUDIT_OUTCOMES } from '#common/audit';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Select } from '@/components/ui/select';
import { TextField } from '@/components/ui/text-field';
import { useZodForm } from '@/lib/use-zod-form';
import { auditFiltersSchema, NO_FILTERS, type AuditFilters } from '../utils/audit-filters';

/** Actions in the order of their labels, as a person looks one up. */
const ACTION_OPTIONS = [...AUDIT_ACTION_NAMES].sort((a, b) => AUDIT_ACTIONS[a].localeCompare(AUDIT_ACTIONS[b]));

/** The audit screen's filters: applied together, kept in the URL by the screen. */
export function AuditFiltersForm({
  filters,
  onApply,
}: {
  filters: AuditFilters;
  onApply: (filters: AuditFilters) => void;
}) {
  const form = useZodForm(auditFiltersSchema, { defaultValues: filters });
  const { errors } = form.formState;
  const clear = () => {
    form.reset(NO_FILTERS);
    onApply(NO_FILTERS);
  };
  return (
    <form
      role="search"
      aria-label="Audit filters"
      className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3"
      onSubmit={form.handleSubmit(onApply)}
      noValidate
    >
      <TextField
        id="audit-user"
        label="User id"
        placeholder="As actor or target"
        error={errors.userId?.message}
        {...form.register('userId')}
      />
      <FormField id="audit-action" label="Action">
        <Select id="audit-action" className="w-full" {...form.register('action')}>
          <option value="">All actions</option>
          {ACTION_OPTIONS.map((action) => (
            <option key={action} value={action}>
              {AUDIT_ACTIONS[action]}
            </option>
          ))}
        </Select>
      </FormField>
      <FormField id="audit-outcome" label="Outcome">
        <Select id="audit-outcome" className="w-full" {...form.register('outcome')}>
          <option value="">All outcomes</option>
          {AUDIT_OUTCOMES.map((outcome) => (
            <option key={outcome} value={outcome}>
              {AUDIT_OUTCOME_LABELS[outcome]}
            </option>
          ))}
        </Select>
      </FormField>
      <TextField id="audit-from" label="From" type="date" error={errors.from?.message} {...form.register('from')} />
      <TextField id="audit-to" label="To" type="date" error={errors.to?.message} {...form.register('to')} />
      <div className="flex items-end gap-2">
        <Button type="submit">Apply</Button>
        <Button variant="secondary" onClick={clear}>
          Clear
        </Button>
      </div>
    </form>
  );
}
