/**
 * Whether a request's Accept-Encoding (RFC 9110 §12.5.3) accepts `encoding`: named with a quality above 0, or not
 * named while `*` has one. `gzip;q=0` refuses gzip; without the header nothing is taken as accepted (the body is
 * sent as it is).
 */
export function acceptsEncoding(header: string | undefined, encoding: string): boolean {
  const quality = new Map<string, number>();
  for (const part of (header ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    if (name) quality.set(name, q === undefined ? 1 : Number(q));
  }
  return (quality.get(encoding) ?? quality.get('*') ?? 0) > 0;
}
