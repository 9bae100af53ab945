import { getDomain } from '@compliance/catalog/domains';
import type { AnswerWriter } from './answer-writer';
import { contractTopic, literalTopic, obligationsAbout } from './contract-topics';
import { bulleted, documentLink, escapeMarkdown, plural, requirementLink, truncate } from './format';
import type { QueryPlan } from './question/plan';
import type { ContractObligation, ContractSummary, ToolArgs } from './tools';

/** Answers about customer contracts: one contract or all, counts by domain, gaps, deadlines, summaries. */

function obligationLine(o: ContractObligation, withContract: boolean): string {
  const where = [withContract ? documentLink('contract', o.contract) : '', o.clause ? `clause ${escapeMarkdown(o.clause)}` : ''].filter(Boolean).join(', ');
  const whose = o.party === 'theirs' ? " _(the other party's duty)_" : '';
  const requirement = o.requirement_id ? ` → ${requirementLink(o.requirement_id)}${o.covered ? ' (evidence linked)' : ' (no evidence yet)'}` : '';
  const deadline = o.deadline_text ? ` (time limit: ${escapeMarkdown(o.deadline_text)})` : '';
  return `${where ? `${where}: ` : ''}"${escapeMarkdown(truncate(o.text, 180))}"${deadline}${whose}${requirement}`;
}

function hoursText(hours: number): string {
  return hours <= 72 ? plural(hours, 'hour') : plural(Math.round(hours / 24), 'day');
}

function byDomainLines(obligations: ContractObligation[]): string[] {
  const counts = new Map<string, number>();
  for (const o of obligations) counts.set(o.domain_name ?? 'Other', (counts.get(o.domain_name ?? 'Other') ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([domain, n]) => `${domain}: ${n}`);
}

/** 'Which contracts …?': each contract with its matching obligations, so every one is named. */
function writeByContract(writer: AnswerWriter, obligations: ContractObligation[], what: string): void {
  const groups = new Map<string, ContractObligation[]>();
  for (const o of obligations) groups.set(o.contract, [...(groups.get(o.contract) ?? []), o]);
  if (!groups.size) {
    writer.line(`No contract of ${writer.tenant} has an obligation ${what}.`);
    return;
  }
  writer.line(`**${plural(groups.size, 'contract')}** ${groups.size === 1 ? 'has' : 'have'} ${plural(obligations.length, 'obligation')} ${what}:`);
  writer.line();
  for (const [contract, list] of groups) {
    writer.line(`- ${documentLink('contract', contract)} (${list.length}):`);
    writer.list(list.slice(0, 3).map((o) => `  - ${obligationLine(o, false)}`));
  }
}

export async function composeContractPlan(writer: AnswerWriter, plan: QueryPlan, question: string): Promise<void> {
  const f = plan.filters;
  if (f.unknown_contract && !f.contract) {
    const all = await writer.call('list_contract_obligations', {});
    writer.line(`I found no contract of ${writer.tenant} for "${escapeMarkdown(f.unknown_contract)}".`);
    if (all.contracts.length) {
      writer.line();
      writer.line('Contracts analysed:');
      writer.list(bulleted(all.contracts.map((c) => `${documentLink('contract', c.name)}${c.customer_name ? ` (${escapeMarkdown(c.customer_name)})` : ''}`)));
    }
    return;
  }
  const args: ToolArgs<'list_contract_obligations'> = {
    ...(f.contract ? { contract: f.contract } : {}),
    ...(f.domain && !f.query ? { domain_number: f.domain } : {}),
    ...(f.deadline_hours !== undefined ? { with_deadline: true } : {}),
  };
  const result = await writer.call('list_contract_obligations', args);
  if (!result.contracts.length) {
    writer.line(`No customer contracts have been analysed for ${writer.tenant} yet. Upload one in the Contract Analyzer to extract its obligations and map them to requirements.`);
    return;
  }
  let obligations = result.obligations;
  if (f.contract_genre) obligations = obligations.filter((o) => f.contract_genre!.some((w) => o.contract.toLowerCase().includes(w)));
  if (f.has_evidence !== undefined) obligations = obligations.filter((o) => o.covered === f.has_evidence);
  if (f.deadline_hours !== undefined) obligations = obligations.filter((o) => typeof o.deadline_hours === 'number' && o.deadline_hours <= f.deadline_hours!);
  const literal = literalTopic(question, obligations, result.obligations);
  // A phrase the question asks to be mentioned that no obligation uses: none mention it.
  const about = literal?.found ? literal.matches : (obligationsAbout(obligations, result.obligations, contractTopic(f)) ?? (literal && /\bmention/i.test(question) ? [] : null));
  if (about) obligations = about;
  else if (f.domain && f.query) obligations = obligations.filter((o) => o.domain_name === getDomain(f.domain!)?.name);

  const one: ContractSummary | null = result.contracts.length === 1 ? result.contracts[0]! : null;
  const scope = one ? `${documentLink('contract', one.name)}${one.customer_name ? ` (with ${escapeMarkdown(one.customer_name)})` : ''}` : `${plural(result.contracts.length, 'contract')} of ${writer.tenant}`;
  const narrowedBy = [
    f.has_evidence === false ? 'not covered by evidence' : f.has_evidence === true ? 'covered by evidence' : '',
    f.deadline_hours !== undefined ? `with a time limit of ${hoursText(f.deadline_hours)} or less` : '',
    about && f.topic ? `about "${escapeMarkdown(f.topic)}"` : '',
    !about && f.domain && f.query ? `in ${getDomain(f.domain)?.name}` : '',
  ].filter(Boolean);
  const what = narrowedBy.join(', ') || 'listed';

  // 'and which mention penetration testing?' after 'which contracts mention encryption?': contracts still.
  const byContract = /\b(?:which|what) (?:of (?:our|the) )?(?:customer )?(?:contracts|customers|agreements|deals)\b/;
  const asksContracts = byContract.test(question.trim().toLowerCase()) || (plan.follow_up === true && byContract.test((plan.asked_before ?? '').toLowerCase()) && !/\b(?:obligations?|clauses?|how many)\b/i.test(question));
  if (!one && asksContracts) return writeByContract(writer, obligations, what);
  if (f.deadline_hours !== undefined) {
    if (one) {
      writer.line(obligations.length ? `**${plural(obligations.length, 'obligation')}** of ${scope} ${what}:` : `No obligation of ${scope} is ${what}.`);
      writer.line();
      writer.list(bulleted(obligations.slice(0, 10).map((o) => obligationLine(o, false))));
      return;
    }
    return writeByContract(writer, obligations, what);
  }

  const summarising = plan.ask === 'count' || plan.ask === 'summarise' || (one !== null && !narrowedBy.length && plan.ask !== 'check');
  if (summarising) {
    const total = narrowedBy.length ? obligations.length : result.contracts.reduce((n, c) => n + c.obligation_count, 0);
    const uncovered = result.contracts.reduce((n, c) => n + c.uncovered_count, 0);
    writer.line(`**${scope}: ${total === 0 ? 'no obligations' : plural(total, 'obligation')}${narrowedBy.length ? ` ${what}` : ' extracted'}**${narrowedBy.length ? '' : `, ${uncovered} not yet covered by evidence`}.`);
    const source = narrowedBy.length ? obligations : result.obligations;
    if (source.length) {
      writer.line();
      writer.line('By domain:');
      writer.list(bulleted(byDomainLines(source)));
    }
    if (!one) {
      writer.line();
      writer.list(bulleted(result.contracts.map((c) => `${documentLink('contract', c.name)}: ${plural(c.obligation_count, 'obligation')}, ${c.uncovered_count} not covered`)));
    }
    const key = source.filter((o) => o.party !== 'theirs').slice(0, 8);
    if ((plan.ask === 'summarise' || one) && key.length) {
      writer.line();
      writer.line(`${plan.ask === 'summarise' ? 'Main obligations' : 'The first obligations'}:`);
      writer.list(bulleted(key.map((o) => obligationLine(o, !one))));
    }
    return;
  }

  if (!obligations.length) {
    writer.line(`No obligation in ${scope} is ${what}.`);
    if (f.has_evidence === false) writer.line('Every obligation there maps to a requirement that has evidence linked.');
    return;
  }
  if (plan.ask === 'check' && f.evidence) {
    const coverage = await writer.call('get_evidence_coverage', { name: f.evidence });
    const linked = new Set(coverage?.requirements.map((r) => r.id) ?? []);
    const met = obligations.filter((o) => o.requirement_id && linked.has(o.requirement_id));
    writer.line(
      met.length
        ? `**Yes, in part:** ${escapeMarkdown(f.evidence)} is linked to the requirement behind ${plural(met.length, 'matching obligation')} of ${scope}.`
        : `**Not shown:** ${escapeMarkdown(f.evidence)} is not linked to the requirement behind any matching obligation of ${scope}.`,
    );
    writer.line();
    writer.list(bulleted(obligations.slice(0, 6).map((o) => `${obligationLine(o, !one)}${o.requirement_id && linked.has(o.requirement_id) ? ` — supported by ${escapeMarkdown(f.evidence!)}` : ''}`)));
    return;
  }
  writer.line(`**${plural(obligations.length, 'obligation')}** of ${scope}${narrowedBy.length ? ` ${what}` : ''}:`);
  writer.line();
  const shown = obligations.slice(0, 12);
  writer.list(bulleted(shown.map((o) => obligationLine(o, !one))));
  if (shown.length < obligations.length) writer.line(`…and ${obligations.length - shown.length} more (the Contract Analyzer lists them all).`);
}
