import { useId, type ReactNode } from 'react';
import { Link, NotFoundPage, useParams } from '@waypoint/platform';
import { buttonClassName, rich, useT } from '@waypoint/ui';
import { helpMessages } from './i18n/catalog';
import { HELP_TOPICS, helpTopic, hrefOf, type HelpBlock, type HelpTopic } from './topics';
import { CONTACT_PATH, supportEmail } from './support';

const strong = (text: string) => <strong>{text}</strong>;
// An address reads left to right in every language (`dir` keeps an Arabic sentence's full stop after it).
const mail = (text: string) => (
  <a href={`mailto:${supportEmail()}`} dir="ltr">
    {text}
  </a>
);

/** The marked-up parts a help text may hold, each drawn as the link or emphasis it names. */
const PARTS: Record<string, (text: string) => ReactNode> = {
  strong,
  mail,
  contact: (text) => <Link to={CONTACT_PATH}>{text}</Link>,
  terms: (text) => <Link to="/terms#refunds">{text}</Link>,
  privacy: (text) => <Link to="/privacy">{text}</Link>,
};

/** The box at the end of every help page: the way to a person when the page did not answer the question. */
function StillNeedHelp() {
  const t = useT(helpMessages);
  const headingId = useId();
  return (
    <aside className="wp-card wp-stack" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('stillNeedHelp.heading')}</h2>
      <p>{t('stillNeedHelp.text')}</p>
      <p>
        <Link to={CONTACT_PATH} className={buttonClassName('primary')}>
          {t('stillNeedHelp.action')}
        </Link>
      </p>
    </aside>
  );
}

/** `/help`: every topic with its one-line summary. */
export function HelpIndexPage() {
  const t = useT(helpMessages);
  return (
    <div className="wp-container wp-stack">
      <title>{t('index.title')}</title>
      <div className="wp-prose">
        <h1>{t('index.heading')}</h1>
        <p className="wp-lead">{t('index.lead')}</p>
      </div>
      <ul className="wp-tiles" aria-label={t('index.topics')}>
        {HELP_TOPICS.map((topic) => (
          <li key={topic.slug} className="wp-card wp-tile">
            <h2>
              <Link to={hrefOf({ topic: topic.slug })}>{t(topic.title)}</Link>
            </h2>
            <p>{t(topic.summary)}</p>
          </li>
        ))}
      </ul>
      <StillNeedHelp />
    </div>
  );
}

function Block({ block }: { block: HelpBlock }) {
  const t = useT(helpMessages);
  if ('paragraph' in block) {
    return <p>{rich(t(block.paragraph, { email: supportEmail() }), PARTS)}</p>;
  }
  return (
    <ul>
      {block.list.map((item) => (
        <li key={item}>{rich(t(item), PARTS)}</li>
      ))}
    </ul>
  );
}

function TopicPage({ topic }: { topic: HelpTopic }) {
  const t = useT(helpMessages);
  const relatedId = useId();
  return (
    <div className="wp-container wp-stack">
      <title>{t('topic.title', { topic: t(topic.title) })}</title>
      <nav aria-label={t('topic.breadcrumb')}>
        <Link to="/help">{t('topic.index')}</Link>
      </nav>
      <article className="wp-prose">
        <h1>{t(topic.title)}</h1>
        <p className="wp-lead">{t(topic.summary)}</p>
        {topic.action ? (
          <p>
            <Link to={topic.action.to} className={buttonClassName('primary', 'large')}>
              {t(topic.action.label)}
            </Link>
          </p>
        ) : null}
        {topic.sections.map((section) => (
          <section key={section.heading}>
            <h2>{t(section.heading)}</h2>
            {section.blocks.map((block, index) => (
              <Block key={index} block={block} />
            ))}
          </section>
        ))}
        <section aria-labelledby={relatedId}>
          <h2 id={relatedId}>{t('related.heading')}</h2>
          <ul>
            {topic.related.map((link) => (
              <li key={hrefOf(link)}>
                <Link to={hrefOf(link)}>
                  {'topic' in link ? t(`${link.topic}.title`) : t(link.label)}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      </article>
      <StillNeedHelp />
    </div>
  );
}

/** `/help/<slug>`: one topic, or Page not found for an address that names none. */
export function HelpTopicPage() {
  const { topic: slug } = useParams();
  const topic = helpTopic(slug);
  return topic ? <TopicPage topic={topic} /> : <NotFoundPage />;
}
