import type { ReactNode } from "react";
import { Label } from "@/components/ui/form-controls";

/** What a field hands its control so that label, description and error reach assistive technology. */
export interface FieldControlProps {
  id: string;
  "aria-invalid": true | undefined;
  "aria-describedby": string | undefined;
}

interface FormFieldProps {
  /** The control's id; the description and error ids derive from it (`<id>-hint`, `<id>-error`). */
  id: string;
  label: string;
  /** A standing hint under the control. While an error shows, the error describes the control instead. */
  description?: ReactNode;
  error?: string;
  /** Shown at the end of the label row, e.g. 'Forgot password?'. */
  labelAside?: ReactNode;
  className?: string;
  /** Renders the control (Input, Textarea, …) with the wiring spread onto it. */
  children: (control: FieldControlProps) => ReactNode;
}

/**
 * The one labelled form field: label, control, optional description and validation message, tied together
 * with `htmlFor`, `aria-invalid` and `aria-describedby` so a screen reader reads the label, then the error (or
 * the hint) when the control gets focus.
 */
export function FormField({ id, label, description, error, labelAside, className, children }: FormFieldProps) {
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = error ? errorId : description ? hintId : undefined;
  return (
    <div className={className}>
      {labelAside ? (
        <div className="flex items-baseline justify-between">
          <Label htmlFor={id}>{label}</Label>
          {labelAside}
        </div>
      ) : (
        <Label htmlFor={id}>{label}</Label>
      )}
      {children({ id, "aria-invalid": error ? true : undefined, "aria-describedby": describedBy })}
      {description ? (
        <p id={hintId} className="mt-1 text-xs text-slate-500">
          {description}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="mt-1.5 text-sm text-red-600">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A failure of the whole form (wrong credentials, email taken), announced when it appears. */
export function FormError({ message }: { message?: string }) {
  if (!message) return null;
  return (
    <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700">
      {message}
    </p>
  );
}
