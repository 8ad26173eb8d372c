import type { FieldValues } from 'react-hook-form';
import { SelectField, type FieldProps } from '@/components/ui/form-fields';

/** The role a platform admin gives a user: the two the console knows. */
export function RoleField<Values extends FieldValues, Output extends FieldValues>(props: FieldProps<Values, Output>) {
  return (
    <SelectField {...props} label="Role">
      <option value="user">User</option>
      <option value="admin">Admin</option>
    </SelectField>
  );
}
