import { Image } from "@mantine/core";
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
  return src ? <Image src={src} alt={label} w={200} h={200} radius="sm" bg="white" p={4} /> : null;
}
