import type { ReactNode } from "react";

type AlertTone = "warning" | "error" | "info";

interface AlertProps {
  tone: AlertTone;
  title: ReactNode;
  children?: ReactNode;
  action?: ReactNode;
}

/** A message that screen readers announce as soon as it appears. */
export function Alert({ tone, title, children, action }: AlertProps) {
  return (
    <div role="alert" className={`alert alert--${tone}`}>
      <div className="alert__body">
        <p className="alert__title">{title}</p>
        {children ? <div className="alert__text">{children}</div> : null}
      </div>
      {action ? <div className="alert__action">{action}</div> : null}
    </div>
  );
}
