import { createContext, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from "react";

/** How long a toast stays (spec section 9: 1000 ms, 1.9 s or 3000 ms depending on the screen). */
export const TOAST_TIMEOUT = { short: 1000, medium: 1900, long: 3000 } as const;

type Kind = "success" | "error" | "info";
interface Toast {
  id: number;
  kind: Kind;
  message: string;
}
interface ToastApi {
  success(message: string, timeoutMs?: number): void;
  error(message: string, timeoutMs?: number): void;
  info(message: string, timeoutMs?: number): void;
}

const ToastContext = createContext<ToastApi | null>(null);

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const next = useRef(1);
  const show = useCallback((kind: Kind, message: string, timeoutMs: number = TOAST_TIMEOUT.long) => {
    const id = next.current++;
    setToasts((current) => [...current, { id, kind, message }]);
    setTimeout(() => setToasts((current) => current.filter((toast) => toast.id !== id)), timeoutMs);
  }, []);
  const api = useMemo<ToastApi>(
    () => ({
      success: (message, timeoutMs) => show("success", message, timeoutMs),
      error: (message, timeoutMs) => show("error", message, timeoutMs),
      info: (message, timeoutMs) => show("info", message, timeoutMs),
    }),
    [show],
  );
  return (
    <ToastContext.Provider value={api}>
      {children}
      <div className="toasts" aria-live="polite">
        {toasts.map((toast) => (
          <div key={toast.id} role={toast.kind === "error" ? "alert" : "status"} className={`toast toast--${toast.kind}`}>
            {toast.message}
          </div>
        ))}
      </div>
    </ToastContext.Provider>
  );
}

export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error("useToast needs a ToastProvider");
  return api;
}
