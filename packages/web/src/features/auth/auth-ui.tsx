// The login route's controls in plain, accessible HTML (ADR 0033): Mantine's components and its
// provider stay off the login page's JavaScript; auth-ui.module.css keeps Mantine's look.
import { type ReactNode, type Ref, useId, useState } from "react";
import { Link } from "react-router-dom";
import type { Status } from "../../lib/StatusAlert";
import ui from "./auth-ui.module.css";

/** A polite live region holding at most one alert (as lib/StatusAlert's StatusRegion). */
export function AuthStatusRegion({ id, status }: { id?: string; status: Status | null }) {
  return (
    <div id={id} aria-live="polite">
      {status && (
        <div className={`${ui.alert} ${ui[status.tone]}`} role={status.tone === "error" ? "alert" : "status"}>
          <p className={ui.alertTitle}>{status.title}</p>
          <div className={ui.alertText}>{status.text}</div>
        </div>
      )}
    </div>
  );
}

interface FieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  autoComplete: string;
  ref?: Ref<HTMLInputElement>;
}

/** A field's label with the required mark (hidden from screen readers: the input says required). */
function RequiredLabel({ id, label }: { id: string; label: string }) {
  return (
    <label className={ui.label} htmlFor={id}>
      {label}
      <span className={ui.required} aria-hidden>
        {" "}
        *
      </span>
    </label>
  );
}

/** A required text field with its label; the asterisk is hidden from readers (`required` says it). */
export function AuthField({
  label,
  value,
  onChange,
  autoComplete,
  ref,
  type = "text",
}: FieldProps & { type?: string }) {
  const id = useId();
  return (
    <div className={ui.field}>
      <RequiredLabel id={id} label={label} />
      <input
        ref={ref}
        id={id}
        className={ui.input}
        type={type}
        required
        autoComplete={autoComplete}
        value={value}
        onChange={(e) => onChange(e.currentTarget.value)}
      />
    </div>
  );
}

/** A required password field with a show/hide toggle. */
export function AuthPasswordField({ label, value, onChange, autoComplete, ref }: FieldProps) {
  const id = useId();
  const [shown, setShown] = useState(false);
  return (
    <div className={ui.field}>
      <RequiredLabel id={id} label={label} />
      <div className={ui.inputBox}>
        <input
          ref={ref}
          id={id}
          className={`${ui.input} ${ui.withToggle}`}
          type={shown ? "text" : "password"}
          required
          autoComplete={autoComplete}
          value={value}
          onChange={(e) => onChange(e.currentTarget.value)}
        />
        <button
          type="button"
          className={ui.toggle}
          aria-label={shown ? "Hide password" : "Show password"}
          aria-controls={id}
          onClick={() => setShown((s) => !s)}
        >
          <EyeIcon crossed={shown} />
        </button>
      </div>
    </div>
  );
}

const EYE_ICON = { width: 18, height: 18, viewBox: "0 0 24 24", fill: "none", stroke: "currentColor" };

function EyeIcon({ crossed }: { crossed: boolean }) {
  return (
    <svg {...EYE_ICON} strokeWidth="2" aria-hidden>
      <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z" />
      <circle cx="12" cy="12" r="3" />
      {crossed && <path d="M3 3l18 18" />}
    </svg>
  );
}

interface CheckboxProps {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}

export function AuthCheckbox({ label, checked, onChange }: CheckboxProps) {
  return (
    <label className={ui.checkboxLabel}>
      <input
        type="checkbox"
        className={ui.checkbox}
        checked={checked}
        onChange={(e) => onChange(e.currentTarget.checked)}
      />
      {label}
    </label>
  );
}

/** The form's submit button; while busy it keeps its name, says so, and ignores clicks. */
export function AuthSubmit({ busy, children }: { busy: boolean; children: ReactNode }) {
  return (
    <button
      type="submit"
      className={busy ? `${ui.button} ${ui.busy}` : ui.button}
      aria-disabled={busy || undefined}
      aria-busy={busy || undefined}
      onClick={busy ? (e) => e.preventDefault() : undefined}
    >
      <span className={ui.buttonLabel}>{children}</span>
    </button>
  );
}

/** A link inside the app, styled as Mantine's Anchor. */
export function AuthLink({ to, small, children }: { to: string; small?: boolean; children: ReactNode }) {
  return (
    <Link to={to} className={small ? `${ui.link} ${ui.small}` : ui.link}>
      {children}
    </Link>
  );
}

export { ui };
