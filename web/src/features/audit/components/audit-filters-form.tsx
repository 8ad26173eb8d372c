import { AUDIT_ACTION_NAMES, AUDIT_ACTIONS, AUDIT_OUTCOME_LABELS, AUDIT_OUTCOMES } from '#common/audit';
import { Button } from '@/components/ui/button';
import { FormTextField, SelectField } from '@/components/ui/form-fields';
import { useZodForm } from '@/lib/use-zod-form';
import { auditFiltersSchema, NO_FILTERS, type AuditFilters } from '../utils/audit-filters';

/** Actions in the order of their labels, as a person looks one up. */
const ACTION_OPTIONS = [...AUDIT_ACTION_NAMES].sort((a, b) => AUDIT_ACTIONS[a].localeCompare(AUDIT_ACTIONS[b]));

/** A filter's choices: any value (no filter), then each value by its label. */
function FilterOptions<Value extends string>({
  any,
  values,
  labelOf,
}: {
  any: string;
  values: readonly Value[];
  labelOf: (value: Value) => string;
}) {
  return (
    <>
      <option value="">{any}</option>
      {values.map((value) => (
        <option key={value} value={value}>
          {labelOf(value)}
        </option>
      ))}
    </>
  );
}

/** The audit screen's filters: applied together, kept in the URL by the screen. */
export function AuditFiltersForm({
  filters,
  onApply,
}: {
  filters: AuditFilters;
  onApply: (filters: AuditFilters) => void;
}) {
  const form = useZodForm(auditFiltersSchema, { defaultValues: filters });
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
      <FormTextField form={form} name="userId" id="audit-user" label="User id" placeholder="As actor or target" />
      <SelectField form={form} name="action" id="audit-action" label="Action">
        <FilterOptions any="All actions" values={ACTION_OPTIONS} labelOf={(action) => AUDIT_ACTIONS[action]} />
      </SelectField>
      <SelectField form={form} name="outcome" id="audit-outcome" label="Outcome">
        <FilterOptions
          any="All outcomes"
          values={AUDIT_OUTCOMES}
          labelOf={(outcome) => AUDIT_OUTCOME_LABELS[outcome]}
        />
      </SelectField>
      <FormTextField form={form} name="from" id="audit-from" label="From" type="date" />
      <FormTextField form={form} name="to" id="audit-to" label="To" type="date" />
      <div className="flex items-end gap-2">
        <Button type="submit">Apply</Button>
        <Button variant="secondary" onClick={clear}>
          Clear
        </Button>
      </div>
    </form>
  );
}
