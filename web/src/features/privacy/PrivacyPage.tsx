import { Link } from '@tanstack/react-router'
import { type ReactNode, useId } from 'react'
import { T, useT } from './messages.ts'
import { NEVER_STORED_KEYS, STORED_DATA, type StoredGroup, type StoredItem, WHERE_KEYS } from './stored-data.ts'
import './privacy.css'

type Key = Parameters<ReturnType<typeof useT>>[0]

/** An item's messages (stored-data.ts names them; its test holds them to the English there). */
function itemText(t: ReturnType<typeof useT>, item: StoredItem) {
  const message = (key: string) => t(key as Key, item.values)
  return {
    what: message(`${item.id}What`),
    details: message(`${item.id}Details`),
    where: message(WHERE_KEYS[item.where] ?? ''),
    howLong: message(`${item.id}HowLong`),
  }
}

/** /privacy: what Wings keeps, where and for how long, rendered from stored-data.ts (which tests hold to the code). */
export function PrivacyPage() {
  const t = useT()
  return (
    <>
      <p>{t('intro')}</p>

      <h2>{t('keptTitle')}</h2>
      <p>{t('keptIntro')}</p>
      {STORED_DATA.map((group) => (
        <StoredTable key={group.id} group={group} />
      ))}

      <h2>{t('neverTitle')}</h2>
      <ul>
        {NEVER_STORED_KEYS.map((key) => (
          <li key={key}>{t(key)}</li>
        ))}
      </ul>

      <h2>{t('othersTitle')}</h2>
      <p>{t('othersIntro')}</p>
      <ul>
        <li>{t('othersSos')}</li>
        <li>{t('othersGuardians')}</li>
        <li>{t('othersServices')}</li>
      </ul>

      <h2>{t('evidenceTitle')}</h2>
      <p>{t('evidenceText')}</p>

      <h2>{t('phoneTitle')}</h2>
      <p>{t('phoneText')}</p>

      <h2>{t('quickExitTitle')}</h2>
      <p>{t('quickExitText')}</p>

      <h2>{t('rightsTitle')}</h2>
      <p>
        <T k="rightsText" components={{ 0: <Link to="/contact" /> }} />
      </p>

      <h2>{t('namesTitle')}</h2>
      <details className="privacy__names">
        <summary>{t('namesSummary')}</summary>
        <ul>
          {STORED_DATA.flatMap((group) => group.items)
            .filter((item) => item.serverTables.length > 0 || item.phoneStores.length > 0)
            .map((item) => (
              <li key={item.id}>
                {itemText(t, item).what}: <Names label={t('namesServer')} names={item.serverTables} />
                {item.serverTables.length > 0 && item.phoneStores.length > 0 ? '; ' : null}
                <Names label={t('namesPhone')} names={item.phoneStores} />
              </li>
            ))}
        </ul>
      </details>
    </>
  )
}

/**
 * One group's table. Under 600 px its rows stack (privacy.css), and a display other than table's drops the table's
 * semantics in some browsers: the explicit roles keep them, so a screen reader still reads "Where" and "How long".
 */
function StoredTable({ group }: { group: StoredGroup }) {
  const t = useT()
  const headingId = useId()
  return (
    <section aria-labelledby={headingId}>
      <h3 id={headingId}>{t(group.id as Key)}</h3>
      {/* biome-ignore-start lint/a11y/noRedundantRoles: see above */}
      <table className="privacy__table" role="table" aria-labelledby={headingId}>
        <thead role="rowgroup">
          <tr role="row">
            <th scope="col" role="columnheader">
              {t('colWhat')}
            </th>
            <th scope="col" role="columnheader">
              {t('colWhere')}
            </th>
            <th scope="col" role="columnheader">
              {t('colHowLong')}
            </th>
          </tr>
        </thead>
        <tbody role="rowgroup">
          {group.items.map((item) => {
            const text = itemText(t, item)
            return (
              <tr key={item.id} role="row">
                <th scope="row" role="rowheader">
                  <span className="privacy__what">{text.what}</span>
                  <span className="privacy__details">{text.details}</span>
                </th>
                <LabelledCell label={t('labelWhere')}>{text.where}</LabelledCell>
                <LabelledCell label={t('labelHowLong')}>{text.howLong}</LabelledCell>
              </tr>
            )
          })}
        </tbody>
      </table>
      {/* biome-ignore-end lint/a11y/noRedundantRoles: see above */}
    </section>
  )
}

function Names({ label, names }: { label: string; names: readonly string[] }) {
  if (names.length === 0) return null
  return (
    <>
      {label}{' '}
      {names.map((name, i) => (
        <span key={name}>
          {i > 0 ? ', ' : null}
          <code>{name}</code>
        </span>
      ))}
    </>
  )
}

/** A cell of the table; on a phone, where the table becomes a list, its column's name shows before it. */
function LabelledCell({ label, children }: { label: string; children: ReactNode }) {
  return (
    <td>
      <span className="privacy__label" aria-hidden="true">
        {label}{' '}
      </span>
      {children}
    </td>
  )
}
