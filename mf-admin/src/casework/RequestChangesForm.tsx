import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import {
  ApiMessages,
  CHANGE_SECTIONS,
  ORDER_CHANGE_SECTIONS,
  changeKey,
  type ChangeSection,
  type FieldErrors,
  type RequestedChange,
} from '@waypoint/contracts';
import { useFormErrors, type FormFields } from '@waypoint/platform';
import { useApiText } from '@waypoint/platform/i18n';
import { Button, Checkbox, ErrorSummary, FieldChrome, cx, rich, useT } from '@waypoint/ui';
import { adminMessages } from '../i18n/catalog';
import { travellerName, type CaseworkFormProps } from './common';

/** The sections and documents of one traveller, in the order of the traveller's journey. */
const TRAVELLER_SECTIONS = CHANGE_SECTIONS.filter(
  (section) => !ORDER_CHANGE_SECTIONS.includes(section),
);

/** Something staff can tick: the order's general information, or a section or document of a traveller. */
interface Target {
  key: string;
  travelerId: string | null;
  section: ChangeSection;
  /** The checkbox's id; its message's is `${id}-message`. */
  id: string;
  /** The traveller's name (null for the order's general information). */
  name: string | null;
}

const messageId = (target: Target) => `${target.id}-message`;

/**
 * Asking the traveller for changes: tick the order's general information, or a traveller's sections and documents,
 * and tell them, for each, what to change. The traveller can then change only what is ticked, and resubmits.
 */
export function RequestChangesForm({
  detail,
  send,
  busy,
  onCancel,
}: CaseworkFormProps & { onCancel: () => void }) {
  const t = useT(adminMessages);
  const apiText = useApiText();
  const { application, version } = detail;
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);

  const groups = useMemo(() => {
    const order: Target[] = ORDER_CHANGE_SECTIONS.map((section) => ({
      key: changeKey({ travelerId: null, section }),
      travelerId: null,
      section,
      id: `change-order-${section}`,
      name: null,
    }));
    const travellers = application.travelers.map((traveller, index) => {
      const name = travellerName(traveller) ?? t('detail.unnamedTraveller');
      return {
        legend: t('detail.traveller', { position: traveller.position, name }),
        targets: TRAVELLER_SECTIONS.map((section): Target => ({
          key: changeKey({ travelerId: traveller.id, section }),
          travelerId: traveller.id,
          section,
          id: `change-${index + 1}-${section}`,
          name,
        })),
      };
    });
    return [{ legend: t('changes.orderLegend'), targets: order }, ...travellers];
  }, [application.travelers, t]);
  const targets = useMemo(() => groups.flatMap((group) => group.targets), [groups]);

  // Every control, in the order of the form; `changes` (nothing ticked) links to the first checkbox.
  const fields = useMemo<FormFields>(
    () =>
      Object.fromEntries([
        ['changes', targets[0]?.id ?? ''],
        ...targets.flatMap((target) => [
          [target.id, target.id],
          [messageId(target), messageId(target)],
        ]),
      ]),
    [targets],
  );
  const { errors, attempt, setErrors, showErrors } = useFormErrors(fields);
  const [ticked, setTicked] = useState<Record<string, boolean>>({});
  const [messages, setMessages] = useState<Record<string, string>>({});

  const itemLabel = (target: Target) => {
    const section = t(`changes.section.${target.section}`);
    return target.name ? t('changes.itemOf', { name: target.name, section }) : section;
  };
  const targetOf = new Map(
    targets.flatMap((target) => [
      [target.id, target] as const,
      [messageId(target), target] as const,
    ]),
  );
  // The summary names the traveller and the section of each problem (the same message may be there twice).
  const summary = Object.entries(fields).flatMap(([name, fieldId]) => {
    const message = errors[name];
    if (!message) return [];
    const target = name === 'changes' ? undefined : targetOf.get(name);
    return [
      {
        fieldId,
        message: target
          ? t('form.errorFor', { item: itemLabel(target), message: apiText(message) })
          : message,
      },
    ];
  });

  const forget = (...names: string[]) =>
    setErrors((current) => {
      if (!names.some((name) => name in current)) return current;
      const next = { ...current };
      for (const name of names) delete next[name];
      return next;
    });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const chosen = targets.filter((target) => ticked[target.key]);
    const found: FieldErrors = {};
    if (chosen.length === 0) found.changes = ApiMessages['casework.changesRequired'];
    for (const target of chosen) {
      if (!(messages[target.key] ?? '').trim())
        found[messageId(target)] = ApiMessages['casework.messageRequired'];
    }
    if (Object.keys(found).length > 0) {
      showErrors(found);
      return;
    }
    setErrors({});
    // The server names a problem by its place in the list sent.
    const serverFields: FormFields = Object.fromEntries([
      ['changes', chosen[0]?.id ?? ''],
      ...chosen.flatMap((target, index) => [
        [`changes.${index}`, target.id],
        [`changes.${index}.travelerId`, target.id],
        [`changes.${index}.section`, target.id],
        [`changes.${index}.message`, messageId(target)],
      ]),
    ]);
    const changes: RequestedChange[] = chosen.map((target) => ({
      travelerId: target.travelerId,
      section: target.section,
      message: (messages[target.key] ?? '').trim(),
    }));
    const refused = await send({ status: 'CHANGES_REQUESTED', version, changes }, serverFields);
    if (refused) {
      const shown: FieldErrors = {};
      for (const [path, message] of Object.entries(refused)) {
        const id = serverFields[path];
        const name = path === 'changes' ? 'changes' : id;
        if (name && !(name in shown)) shown[name] = message;
      }
      showErrors(shown);
    }
  };

  return (
    <form
      id="decision-changes"
      className="wpd-step"
      noValidate
      aria-labelledby="changes-form-heading"
      onSubmit={(event) => void submit(event)}
    >
      <h3 id="changes-form-heading" ref={headingRef} tabIndex={-1}>
        {t('changes.heading')}
      </h3>
      <p className="wp-hint">{t('changes.intro')}</p>
      <ErrorSummary errors={summary} focusKey={attempt} />
      <div className={cx('wp-field', errors.changes && 'wp-field--error')}>
        {errors.changes ? (
          <p className="wp-field-error" id="changes-error">
            {apiText(errors.changes)}
          </p>
        ) : null}
        {groups.map((group) => (
          <fieldset
            key={group.legend}
            className="wpd-changes__group"
            aria-describedby={errors.changes ? 'changes-error' : undefined}
          >
            <legend className="wp-label">{group.legend}</legend>
            {group.targets.map((target) => {
              const id = messageId(target);
              const error = errors[id] ?? null;
              return (
                <div key={target.key} className="wpd-changes__item">
                  <Checkbox
                    id={target.id}
                    label={t(`changes.section.${target.section}`)}
                    checked={ticked[target.key] ?? false}
                    error={errors[target.id] ?? null}
                    onChange={(checked) => {
                      setTicked((current) => ({ ...current, [target.key]: checked }));
                      forget('changes', target.id, ...(checked ? [] : [id]));
                    }}
                  />
                  {ticked[target.key] ? (
                    <div className="wpd-changes__message">
                      <FieldChrome
                        id={id}
                        required
                        label={rich(t('changes.messageLabel', { item: itemLabel(target) }), {
                          hidden: (text) => <span className="wp-visually-hidden">{text}</span>,
                        })}
                        hint={t('changes.messageHint')}
                        error={error}
                      >
                        <textarea
                          id={id}
                          className={cx('wp-input', 'wpd-textarea', error && 'wp-input--error')}
                          rows={3}
                          maxLength={1000}
                          required
                          value={messages[target.key] ?? ''}
                          aria-invalid={error ? true : undefined}
                          aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
                          onChange={(event) => {
                            const value = event.target.value;
                            setMessages((current) => ({ ...current, [target.key]: value }));
                            if (value.trim()) forget(id);
                          }}
                        />
                      </FieldChrome>
                    </div>
                  ) : null}
                </div>
              );
            })}
          </fieldset>
        ))}
      </div>
      <div className="wp-actions">
        <Button type="submit" variant="primary" busy={busy} busyLabel={t('decision.saving')}>
          {t('changes.submit')}
        </Button>
        <Button variant="secondary" disabled={busy} onClick={onCancel}>
          {t('decision.cancel')}
        </Button>
      </div>
    </form>
  );
}
