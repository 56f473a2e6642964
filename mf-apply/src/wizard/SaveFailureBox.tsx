import { useEffect, useRef } from 'react';
import { ErrorBox } from '@waypoint/ui';
import { useErrorText } from '@waypoint/platform/i18n';
import type { SaveFailure } from './order';

/**
 * Why the step was not saved ("We could not reach Waypoint. Your changes are not saved. …"), in the reader's
 * language. It takes focus on each failed attempt, so it is read out and scrolled to from the step's button.
 */
export function SaveFailureBox({ failure }: { failure: SaveFailure | null }) {
  const errorText = useErrorText();
  const ref = useRef<HTMLDivElement>(null);
  const attempt = failure?.attempt;
  useEffect(() => {
    if (attempt) ref.current?.focus();
  }, [attempt]);
  if (!failure) return null;
  return (
    <div ref={ref} tabIndex={-1} className="wpw-save-failure">
      <ErrorBox id="wizard-save-error">{errorText(failure.error)}</ErrorBox>
    </div>
  );
}
