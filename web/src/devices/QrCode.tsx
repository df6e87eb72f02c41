/** A QR code image of `text` (drawn locally with the `qrcode` library; black on white for scanners). */
import QRCode from "qrcode";
import { useEffect, useState } from "react";

export function QrCode({ text, label }: { text: string; label: string }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    QRCode.toDataURL(text, {
      errorCorrectionLevel: "M",
      margin: 2,
      width: 232,
      color: { dark: "#000000", light: "#ffffff" },
    })
      .then((url) => {
        if (live) setSrc(url);
      })
      .catch(() => {
        if (live) setSrc(null);
      });
    return () => {
      live = false;
    };
  }, [text]);
  if (!src) return <div className="qr qr-pending" aria-hidden="true" />;
  return <img className="qr" src={src} alt={label} width={232} height={232} />;
}
