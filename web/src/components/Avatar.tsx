import { useState } from 'react';

/** Initials from a name ("Ada Lovelace" -> "AL") or an email ("ada.lovelace@x" -> "AL"). */
export function initialsFor(name: string | null | undefined, email: string | null | undefined): string {
  const source = (name?.trim() || email?.split('@')[0] || '?').replace(/[._-]+/g, ' ');
  const words = source.split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? `${words[0]![0]}${words[words.length - 1]![0]}` : source.slice(0, 2);
  return letters.toUpperCase();
}

/** A stable colour from the email (or name): the same person always gets the same avatar colour. */
export function colorFor(seed: string): string {
  let hash = 0;
  for (let i = 0; i < seed.length; i++) hash = (hash * 31 + seed.charCodeAt(i)) | 0;
  const hue = Math.abs(hash) % 360;
  // Dark enough for white initials to pass WCAG AA contrast.
  return `hsl(${hue} 55% 34%)`;
}

export interface AvatarProps {
  name?: string | null;
  email?: string | null;
  image?: string | null;
  /** Pixels. */
  size?: number;
  /** Accessible name; omit when the avatar sits next to the same text (it is then decorative). */
  label?: string;
  testId?: string;
}

/** The user's picture, or a generated avatar (initials on a colour derived from the email) when it fails to load. */
export function Avatar({ name, email, image, size = 32, label, testId }: AvatarProps) {
  // Remember which picture failed, so a new picture gets a fresh try.
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const failed = !!image && failedSrc === image;

  if (image && !failed) {
    return (
      <img
        src={image}
        alt={label ?? ''}
        width={size}
        height={size}
        className="rt-avatar"
        data-testid={testId}
        data-avatar="image"
        referrerPolicy="no-referrer"
        onError={() => setFailedSrc(image)}
      />
    );
  }
  return <GeneratedAvatar name={name} email={email} size={size} testId={testId} label={label} />;
}

/** The generated avatar as an SVG data URL: an image, so its initials are not text in the page. */
export function generatedAvatarUrl(name: string | null | undefined, email: string | null | undefined): string {
  const initials = initialsFor(name, email).replace(/[^A-Z0-9?]/g, '');
  const fill = colorFor((email || name || '?').toLowerCase());
  const size = initials.length > 1 ? 16 : 18;
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40"><circle cx="20" cy="20" r="20" fill="${fill}"/>` +
    `<text x="20" y="20" dy="0.35em" text-anchor="middle" fill="#fff" font-size="${size}" font-weight="700" ` +
    `font-family="Open Sans, Helvetica Neue, Roboto, Arial, sans-serif">${initials}</text></svg>`;
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

function GeneratedAvatar({
  name,
  email,
  size,
  testId,
  label,
}: {
  name?: string | null;
  email?: string | null;
  size: number;
  testId?: string;
  label?: string;
}) {
  return (
    <img
      src={generatedAvatarUrl(name, email)}
      alt={label ?? ''}
      width={size}
      height={size}
      className="rt-avatar"
      data-testid={testId}
      data-avatar="generated"
    />
  );
}
