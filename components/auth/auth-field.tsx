import type { ComponentProps, ReactNode } from "react";
import { FieldError, Input, Label } from "@/components/ui/form-controls";

type AuthFieldProps = ComponentProps<"input"> & {
  id: string;
  label: string;
  error?: string;
  /** Shown at the end of the label row, e.g. 'Forgot password?'. */
  labelAside?: ReactNode;
};

/** A labelled input whose validation message is tied to it for screen readers. */
export function AuthField({ id, label, error, labelAside, ...inputProps }: AuthFieldProps) {
  const errorId = `${id}-error`;
  return (
    <div>
      <div className="flex items-baseline justify-between">
        <Label htmlFor={id}>{label}</Label>
        {labelAside}
      </div>
      <Input id={id} aria-invalid={error ? true : undefined} aria-describedby={error ? errorId : undefined} {...inputProps} />
      <FieldError id={errorId} message={error} />
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
