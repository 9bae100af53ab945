/**
 * A security policy the generator can write. The requirement keys are the catalog requirements its
 * statements cover (a requirement may sit in several policies); a tenant's contract requirements of
 * the listed domains join it. Purpose, scope and roles are the project's own words.
 */
export type PolicyTemplateDefinition = {
  readonly name: string;
  readonly description: string;
  readonly purpose: string;
  readonly scope: string;
  readonly roles: ReadonlyArray<{ readonly role: string; readonly responsibility: string }>;
  /** Domains whose contract requirements the policy takes in; the first is its home domain. */
  readonly domains: readonly number[];
  /** Catalog requirement keys covered, in the order the statements appear. */
  readonly requirement_keys: readonly string[];
};
