import { createElement } from 'react';
import type { IconNode } from 'lucide';
import { cx } from '../components/ids';

export type { IconNode };

export interface IconProps {
  /** A Lucide glyph, imported by name (`import { Check } from '@waypoint/ui/icons'`). */
  icon: IconNode;
  /** What the icon means when nothing next to it says so; without it the icon is decorative and hidden. */
  label?: string;
  /** Width and height in pixels. */
  size?: number;
  className?: string;
}

/**
 * One icon of the Lucide set, drawn inline as SVG in the current text colour.
 *
 * Each glyph is plain data (the elements of its 24×24 drawing), so a bundle holds only the glyphs it imports and
 * this one small renderer. Decorative icons are hidden from assistive technology; an icon with a `label` is an
 * image with that name.
 */
export function Icon({ icon, label, size = 20, className }: IconProps) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      focusable="false"
      className={cx('wp-icon', className)}
      {...(label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true })}
    >
      {icon.map(([tag, attributes], index) => createElement(tag, { key: index, ...attributes }))}
    </svg>
  );
}
