import { cx } from '../components/ids';

/** Where the shell's build puts the flag images (one SVG per ISO 3166-1 alpha-2 code, from `flag-icons`). */
export const FLAG_PATH = '/flags/';

/** The address of a country's flag, or null when the code is not a two-letter country code. */
export function flagSrc(code: string): string | null {
  return /^[A-Za-z]{2}$/.test(code) ? `${FLAG_PATH}${code.toLowerCase()}.svg` : null;
}

export interface FlagProps {
  /** ISO 3166-1 alpha-2 code of the country. */
  code: string;
  /** The country's name, when the flag stands for it alone; without it the flag is decorative (`alt=""`). */
  label?: string;
  /** Height in pixels; the width follows the flags' 4:3 shape. */
  height?: number;
  className?: string;
}

/**
 * A country's flag as an image file served beside the pages (not bundled into the scripts), sized up front so
 * nothing moves when it arrives, and loaded only when it scrolls into view.
 */
export function Flag({ code, label, height = 15, className }: FlagProps) {
  const src = flagSrc(code);
  if (!src) return null;
  return (
    <img
      className={cx('wp-flag', className)}
      src={src}
      alt={label ?? ''}
      width={Math.round((height * 4) / 3)}
      height={height}
      loading="lazy"
      decoding="async"
    />
  );
}
