import { getDomain } from '@compliance/catalog/domains';
import type { AnswerWriter } from './answer-writer';
import { bulleted, documentLink, escapeMarkdown, plural, requirementLink, truncate } from './format';
import { CONTRACT_TOPIC_STOP } from './question/lexicon';
import type { QueryPlan } from './question/plan';
import type { ContractObligation, ToolArgs } from './tools';

/** Answers about customer contracts: one contract or all, counts by domain, gaps, deadlines, summaries. */

function obligationLine(o: ContractObligation, withContract: boolean): string {
  const where = [withContract ? documentLink('contract', o.contract) : '', o.clause ? `clause ${escapeMarkdown(o.clause)}` : ''].filter(Boolean).join(', ');
  const whose = o.party === 'theirs' ? ' _(the other party\'s duty)_' : '';
  const requirement = o.requirement_id ? ` → ${requirementLink(o.requirement_id)}${o.covered ? ' (evidence linked)' : ' (no evidence yet)'}` : '';
  const deadline = o.deadline_text ? ` ⏱ ${escapeMarkdown(o.deadline_text)}` : '';
  return `${where ? `${where}: ` : ''}"${escapeMarkdown(truncate(o.text, 180))}"${deadline}${whose}${requirement}`;
}

export async function composeContractPlan(writer: AnswerWriter, plan: QueryPlan): Promise<void> {
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
  const deadline = f.deadline_hours !== undefined || /\b(?:deadline|within|time limit|how (?:soon|quickly|fast)|notify|notification|report)\b/.test(f.topic ?? '');
  const args: ToolArgs<'list_contract_obligations'> = {
    ...(f.contract ? { contract: f.contract } : {}),
    ...(f.has_evidence === false ? { uncovered_only: true } : {}),
    ...(f.domain && !f.query ? { domain_number: f.domain } : {}),
    ...(f.deadline_hours !== undefined ? { with_deadline: true } : {}),
  };
  let result = await writer.call('list_contract_obligations', args);
  if (!result.contracts.length) {
    writer.line(`No customer contracts have been analysed for ${writer.tenant} yet. Upload one in the Contract Analyzer to extract its obligations and map them to requirements.`);
    return;
  }
  let obligations = result.obligations;
  if (f.has_evidence === true) obligations = obligations.filter((o) => o.covered);
  if (f.deadline_hours !== undefined) obligations = obligations.filter((o) => o.deadline_hours !== null && o.deadline_hours !== undefined && o.deadline_hours <= f.deadline_hours!);
  let topicWords = (f.query ?? '').split(' ').filter((w) => w.length > 2 && ![...CONTRACT_TOPIC_STOP].some((stop) => w.startsWith(stop)));
  if (topicWords.length) {
    const narrowed = obligations.filter((o) => topicWords.some((w) => o.text.toLowerCase().includes(w)));
    // Words that match no obligation narrow nothing ('the main obligations'); the whole set is answered.
    if (narrowed.length) obligations = narrowed;
    else topicWords = [];
  }
  if (f.domain && f.query) {
    const inDomain = obligations.filter((o) => o.domain_name === getDomain(f.domain!)?.name);
    if (inDomain.length) obligations = inDomain;
  }
  const one = result.contracts.length === 1 ? result.contracts[0]! : null;
  const scope = one ? `${documentLink('contract', one.name)}${one.customer_name ? ` (with ${escapeMarkdown(one.customer_name)})` : ''}` : `${plural(result.contracts.length, 'contract')} of ${writer.tenant}`;
  const narrowedBy = [
    f.has_evidence === false ? 'not covered by evidence' : f.has_evidence === true ? 'covered by evidence' : '',
    f.deadline_hours !== undefined ? `with a time limit of ${f.deadline_hours <= 72 ? `${f.deadline_hours} hours` : `${Math.round(f.deadline_hours / 24)} days`} or less` : '',
    f.topic && topicWords.length ? `about "${escapeMarkdown(f.topic)}"` : '',
    f.domain ? `in ${getDomain(f.domain)?.name}` : '',
  ].filter(Boolean);

  if (f.deadline_hours !== undefined || (deadline && !one && plan.ask !== 'count')) {
    const byContract = new Map<string, ContractObligation[]>();
    for (const o of obligations) byContract.set(o.contract, [...(byContract.get(o.contract) ?? []), o]);
    if (!byContract.size) {
      writer.line(`No obligation in ${scope} states ${narrowedBy.length ? narrowedBy.join(', ') : 'a time limit'}.`);
      return;
    }
    writer.line(`**${plural(byContract.size, 'contract')}** ${byContract.size === 1 ? 'has' : 'have'} obligations ${narrowedBy.join(', ') || 'with a time limit'}:`);
    writer.line();
    for (const [contract, list] of byContract) writer.list(bulleted(list.slice(0, 5).map((o) => obligationLine({ ...o, contract }, true))));
    return;
  }

  if (plan.ask === 'count' || plan.ask === 'summarise' || (one && !narrowedBy.length && plan.ask !== 'check')) {
    const total = narrowedBy.length ? obligations.length : result.contracts.reduce((n, c) => n + c.obligation_count, 0);
    writer.line(`**${scope}: ${plural(total, 'obligation')}${narrowedBy.length ? ` ${narrowedBy.join(', ')}` : ' extracted'}**${narrowedBy.length ? '' : `, ${result.contracts.reduce((n, c) => n + c.uncovered_count, 0)} not yet covered by evidence`}.`);
    const source = narrowedBy.length ? obligations : result.obligations;
    const byDomain = new Map<string, number>();
    for (const o of source) byDomain.set(o.domain_name ?? 'Other', (byDomain.get(o.domain_name ?? 'Other') ?? 0) + 1);
    if (byDomain.size) {
      writer.line();
      writer.line('By domain:');
      writer.list(bulleted([...byDomain].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([domain, n]) => `${domain}: ${n}`)));
    }
    if (!one) {
      writer.line();
      writer.list(bulleted(result.contracts.map((c) => `${documentLink('contract', c.name)}: ${plural(c.obligation_count, 'obligation')}, ${c.uncovered_count} not covered`)));
    }
    if (plan.ask === 'summarise' || one) {
      const key = source.filter((o) => o.party !== 'theirs').slice(0, 8);
      if (key.length) {
        writer.line();
        writer.line(`${plan.ask === 'summarise' ? 'Main obligations' : 'The first obligations'}:`);
        writer.list(bulleted(key.map((o) => obligationLine(o, !one))));
      }
    }
    return;
  }

  if (!obligations.length) {
    writer.line(`No obligation in ${scope} is ${narrowedBy.join(', ') || 'listed'}.`);
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
  writer.line(`**${plural(obligations.length, 'obligation')}** of ${scope}${narrowedBy.length ? ` ${narrowedBy.join(', ')}` : ''}:`);
  writer.line();
  const shown = obligations.slice(0, 12);
  writer.list(bulleted(shown.map((o) => obligationLine(o, !one))));
  if (shown.length < obligations.length) writer.line(`…and ${obligations.length - shown.length} more (the Contract Analyzer lists them all).`);
}
