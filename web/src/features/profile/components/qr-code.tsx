import QRCode from "qrcode";
import { useEffect, useState } from "react";

/** The otpauth URI as a QR code image, drawn in the browser (nothing leaves the page). */
export function QrCode({ value, label }: { value: string; label: string }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void QRCode.toDataURL(value, { margin: 1, width: 200 }).then((url) => live && setSrc(url));
    return () => {
      live = false;
    };
  }, [value]);
  return src ? <img src={src} alt={label} width={200} height={200} className="qr" /> : null;
}
