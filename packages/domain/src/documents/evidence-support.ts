import { type RawBuilder, sql } from 'kysely';

/**
 * The one rule of which evidence links count as support of a requirement. Every evidence count, gap and
 * assistant answer reads links through it, so a new rule is added here once.
 *
 * A link counts when a reviewer has not rejected it, and its document is approved (a policy saved from the
 * generator is a draft until an Admin approves it), the current version (not superseded by a newer upload)
 * and not expired. Evidence expires on its `expires_on` day: it supports requirements up to the day before.
 *
 * `link` is the alias of an `evidence_links` row in the calling query; the document is looked up here, so
 * the caller needs no join.
 */
export function linkCountsAsSupport(link: string): RawBuilder<boolean> {
  return sql<boolean>`(${sql.ref(`${link}.review_state`)} <> 'rejected' AND EXISTS (
    SELECT 1 FROM documents support_doc
    WHERE support_doc.id = ${sql.ref(`${link}.document_id`)}
      AND support_doc.approval = 'approved'
      AND support_doc.superseded_by IS NULL
      AND ${documentIsCurrent('support_doc')}
  ))`;
}

/** The document (alias `doc`) has not expired today. */
export function documentIsCurrent(doc: string): RawBuilder<boolean> {
  const expiresOn = sql.ref(`${doc}.expires_on`);
  return sql<boolean>`(${expiresOn} IS NULL OR ${expiresOn} > current_date)`;
}

