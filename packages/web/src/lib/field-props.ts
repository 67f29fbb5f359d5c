/** What a form control passes on to its labelled input: the id, the label, the hint, required and disabled. */
export interface LabelledFieldProps {
  id: string;
  label: string;
  description?: React.ReactNode;
  required: boolean;
  disabled?: boolean;
}
