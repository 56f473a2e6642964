import { useState } from 'react';
import type { Due, DueState, Locale, StaffMember } from '@waypoint/contracts';
import { Button, Select, cx, useT } from '@waypoint/ui';
import { formatDateTime } from '../format';
import { adminMessages } from '../i18n/catalog';

/** The states said beside the date; an application due after today needs no word. */
type WordedState = Exclude<DueState, 'due'>;

function isWorded(state: DueState): state is WordedState {
  return state !== 'due';
}

/**
 * When an application is due, and where it stands in words (colour only repeats them): '21 Nov 2026, 09:05
 * Overdue'. A dash, read out as `missing`, before it is submitted.
 */
export function DueText({
  due,
  locale,
  missing,
}: {
  due: Due | null | undefined;
  locale: Locale;
  missing: string;
}) {
  const t = useT(adminMessages);
  const date = due ? formatDateTime(due.at, locale) : '';
  if (!due || !date)
    return (
      <>
        <span aria-hidden="true">—</span>
        <span className="wp-visually-hidden">{missing}</span>
      </>
    );
  return (
    <span className="wpd-due">
      <time dateTime={due.at}>{date}</time>
      {isWorded(due.state) ? (
        <>
          {' '}
          <span className={cx('wp-badge', 'wpd-due__state', `wpd-due__state--${due.state}`)}>
            {t(`due.state.${due.state}`)}
          </span>
        </>
      ) : null}
    </span>
  );
}

/** Who works on an application: their name, or 'Unassigned'. */
export function AssigneeText({ assignee }: { assignee: StaffMember | null | undefined }) {
  const t = useT(adminMessages);
  return assignee ? (
    <span className="wpd-wrap" translate="no">
      {assignee.name}
    </span>
  ) : (
    <span className="wpd-muted">{t('assign.nobody')}</span>
  );
}

export interface AssignActionsProps {
  /** Prefix of the controls' ids (one set per page part). */
  id: string;
  /** The staff who can be given work (null until known). */
  staff: StaffMember[] | null;
  /** The signed-in member of staff's id. */
  me: string | null;
  /** Who has the work now, for one application (undefined for a selection of several). */
  current?: StaffMember | null;
  /** The action being saved, if any. */
  busy: AssignAction | null;
  staffFailed: boolean;
  /** Gives the work to `assigneeId`, or to nobody. */
  onAssign: (assigneeId: string | null, action: AssignAction) => void;
}

export type AssignAction = 'me' | 'colleague' | 'nobody';

/**
 * Giving work: to oneself, to a colleague chosen from the staff list, or to nobody. For one application, "Assign
 * to me" is left out when it is already one's own and "Unassign" when nobody has it.
 */
export function AssignActions({
  id,
  staff,
  me,
  current,
  busy,
  staffFailed,
  onAssign,
}: AssignActionsProps) {
  const t = useT(adminMessages);
  const [colleague, setColleague] = useState('');
  const [error, setError] = useState<string | null>(null);
  const colleagues = (staff ?? []).filter((member) => member.id !== me);
  const single = current !== undefined;
  const mine = single && current !== null && current.id === me;

  const assignColleague = () => {
    const chosen = colleagues.find((member) => member.id === colleague);
    if (!chosen) {
      setError(t('assign.colleagueRequired'));
      document.getElementById(`${id}-colleague`)?.focus();
      return;
    }
    setError(null);
    onAssign(chosen.id, 'colleague');
  };

  return (
    <div className="wpd-assign">
      {me && !mine ? (
        <Button
          variant="secondary"
          busy={busy === 'me'}
          busyLabel={t('assign.saving')}
          disabled={busy !== null && busy !== 'me'}
          onClick={() => onAssign(me, 'me')}
        >
          {t('assign.toMe')}
        </Button>
      ) : null}
      {colleagues.length > 0 ? (
        <div className="wpd-assign__colleague">
          <Select
            id={`${id}-colleague`}
            label={t('assign.to')}
            placeholder={t('assign.choose')}
            options={colleagues.map((member) => ({ value: member.id, label: member.name }))}
            value={colleague}
            error={error}
            onChange={(value) => {
              setColleague(value);
              if (value) setError(null);
            }}
          />
          <Button
            variant="secondary"
            busy={busy === 'colleague'}
            busyLabel={t('assign.saving')}
            disabled={busy !== null && busy !== 'colleague'}
            onClick={assignColleague}
          >
            {t('assign.submit')}
          </Button>
        </div>
      ) : staffFailed ? (
        <p className="wpd-muted wpd-assign__note">{t('assign.staffFailed')}</p>
      ) : null}
      {!single || current ? (
        <Button
          variant="secondary"
          busy={busy === 'nobody'}
          busyLabel={t('assign.saving')}
          disabled={busy !== null && busy !== 'nobody'}
          onClick={() => onAssign(null, 'nobody')}
        >
          {t('assign.unassign')}
        </Button>
      ) : null}
    </div>
  );
}
