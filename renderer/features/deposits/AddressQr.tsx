import { useEffect, useState } from 'react';
import { t } from '@lingui/core/macro';

/**
 * The address as a QR code, drawn as SVG by the `qrcode` package (loaded with this view only). Only
 * the address is encoded: wallets read payment URIs differently, so the memo stays a separate field.
 */
export function AddressQr({ address }: { address: string }) {
  // Kept with the address it was drawn for, so a new address never shows the previous code.
  const [drawn, setDrawn] = useState<{ address: string; src: string } | null>(null);
  useEffect(() => {
    let live = true;
    import('qrcode')
      .then((qr) => qr.toString(address, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 }))
      .then((svg) => {
        if (live) setDrawn({ address, src: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}` });
      })
      .catch(() => {
        if (live) setDrawn({ address, src: '' });
      });
    return () => {
      live = false;
    };
  }, [address]);
  const src = drawn?.address === address ? drawn.src : null;
  if (src === '') return <p className="field__hint">{t`The QR code could not be drawn; copy the address instead.`}</p>;
  return src === null ? null : <img className="deposit-qr" src={src} width={192} height={192} alt={t`QR code of the address`} data-testid="deposit-qr" data-address={address} />;
}
