import { useEffect, useState } from 'react';

/**
 * The otpauth:// URI as a QR code, drawn in the browser (the secret never goes to another service). The
 * QR encoder loads only when a code is shown (MFA enrolment), not with the rest of the app.
 */
export function TotpQrCode({ uri }: { uri: string }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    import('qrcode')
      .then(({ default: QRCode }) => QRCode.toDataURL(uri, { margin: 1, width: 192 }))
      .then((url) => live && setSrc(url))
      .catch(() => live && setSrc(null));
    return () => {
      live = false;
    };
  }, [uri]);
  return src ? (
    <img src={src} alt="QR code for your authenticator app" width={192} height={192} className="rounded-lg border border-slate-200" />
  ) : (
    <div className="h-48 w-48 animate-pulse rounded-lg bg-slate-100" aria-hidden="true" />
  );
}

/** The secret for typing into an authenticator app by hand, in groups of four. */
export function TotpSecretText({ secret }: { secret: string }) {
  return (
    <p className="text-sm text-slate-600">
      Or enter this key by hand:{' '}
      <code data-testid="totp-secret" className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-slate-900 select-all">
        {secret.match(/.{1,4}/g)?.join(' ')}
      </code>
    </p>
  );
}

/** One-time recovery codes, with the warning that they are shown once. */
export function RecoveryCodes({ codes }: { codes: string[] }) {
  return (
    <div className="space-y-2">
      <p className="text-sm font-medium text-slate-800">Save these recovery codes now. Each works once, and they will not be shown again.</p>
      <ul aria-label="Recovery codes" className="grid grid-cols-2 gap-1 rounded-lg bg-slate-50 p-3 font-mono text-sm text-slate-900">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
    </div>
  );
}
