import { type Control, type FieldErrors, type FieldValues, type Path, useController } from 'react-hook-form';
import { LocationSelect } from '../../components/location-select';
import { useMessageText } from '../../i18n/messages';

const FIELDS = ['division', 'district', 'upazila'] as const;

/** The place fields of a form (registration, phone registration, profile): division, district, upazila in react-hook-form. */
interface LocationFieldsProps<T extends FieldValues, TOut> {
  control: Control<T, unknown, TOut>;
  errors: FieldErrors<T>;
  idPrefix: string;
}

export function LocationFields<T extends FieldValues, TOut>({ control, errors, idPrefix }: LocationFieldsProps<T, TOut>) {
  const message = useMessageText();
  const location = {
    division: useController({ control, name: 'division' as Path<T> }),
    district: useController({ control, name: 'district' as Path<T> }),
    upazila: useController({ control, name: 'upazila' as Path<T> }),
  };
  const errorOf = (f: (typeof FIELDS)[number]) => message((errors[f] as { message?: string } | undefined)?.message);
  return (
    <LocationSelect
      idPrefix={idPrefix}
      value={{ division: String(location.division.field.value), district: String(location.district.field.value), upazila: String(location.upazila.field.value) }}
      onChange={(next) => {
        for (const f of FIELDS) if (next[f] !== String(location[f].field.value)) location[f].field.onChange(next[f]);
      }}
      onBlur={(f) => location[f].field.onBlur()}
      errors={{ division: errorOf('division'), district: errorOf('district'), upazila: errorOf('upazila') }}
    />
  );
}
