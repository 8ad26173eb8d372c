import { QRCodeSVG } from 'qrcode.react';

/** The set-up URI as a QR code; its own module, loaded only when a set-up starts (decision 0034). */
export function TotpQrCode({ uri }: { uri: string }) {
  return (
    <QRCodeSVG
      value={uri}
      size={176}
      marginSize={2}
      title="QR code to scan with your authenticator app"
      className="rounded-md ring-1 ring-border"
    />
  );
}
