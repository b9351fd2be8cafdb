/** The one set of form parts: fields with their aria wiring, the form hook, and small helpers. */
export { controlAria, Field, FieldGroup, type FieldProps } from './Field';
export { TextField } from './TextField';
export { TextAreaField } from './TextAreaField';
export { SelectField, type Option } from './SelectField';
export { RadioGroupField, type RadioOption } from './RadioGroupField';
export { Honeypot } from './Honeypot';
export { Spinner } from './Spinner';
export { FormAlert } from './FormAlert';
export { useForm, postForm, type Form, type FormOptions, type FormStatus, type Outcome } from './useForm';
export { useFormToken } from './useFormToken';
export { useSingleFlight } from './useSingleFlight';
