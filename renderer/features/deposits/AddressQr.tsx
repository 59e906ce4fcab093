import { useEffect, useState } from 'react';
import { t } from '@lingui/core/macro';

/**
 * The address as a QR code, drawn as SVG by the `qrcode` package (loaded with this view only). Only
 * the address is encoded: wallets read payment URIs differently, so the memo stays a separate field.
 */
export function AddressQr({ address }: { address: string }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    setSrc(null);
    import('qrcode')
      .then((qr) => qr.toString(address, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 }))
      .then((svg) => {
        if (live) setSrc(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`);
      })
      .catch(() => {
        if (live) setSrc('');
      });
    return () => {
      live = false;
    };
  }, [address]);
  if (src === '') return <p className="field__hint">{t`The QR code could not be drawn; copy the address instead.`}</p>;
  return src === null ? null : <img className="deposit-qr" src={src} width={192} height={192} alt={t`QR code of the address`} data-testid="deposit-qr" data-address={address} />;
}
