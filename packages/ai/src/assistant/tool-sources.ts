import { canonicalFramework } from '@compliance/contracts/frameworks';
import type { ToolArgs, ToolName } from './tools';

/**
 * How an answer cites a tool call in `sources`: the tool's name and its key argument
 * ('list_framework_gaps: NIST 800-53 rev 5', 'get_evidence_coverage: Access Control Policy').
 */
export function sourceLabel<N extends ToolName>(name: N, args: ToolArgs<N>): string {
  const detail = keyArgument(name, args);
  return detail ? `${name}: ${detail}` : name;
}

function frameworkLabel(value: unknown): string {
  const text = String(value);
  return canonicalFramework(text) ?? text;
}

function keyArgument(name: ToolName, args: Partial<Record<string, unknown>>): string {
  switch (name) {
    case 'list_framework_gaps':
      return args.framework ? frameworkLabel(args.framework) : '';
    case 'get_evidence_coverage':
      return String(args.name ?? '');
    case 'list_contract_obligations':
      return args.uncovered_only ? 'uncovered only' : '';
    case 'search_requirements': {
      const parts = [
        args.query ? `"${String(args.query)}"` : '',
        args.status ? String(args.status) : '',
        args.framework ? frameworkLabel(args.framework) : '',
        args.domain_number ? `domain ${String(args.domain_number)}` : '',
        args.has_evidence === true ? 'with evidence' : args.has_evidence === false ? 'without evidence' : '',
      ];
      return parts.filter(Boolean).join(', ');
    }
    default:
      return '';
  }
}

/** An ordered list of sources without repeats. */
export class SourceList {
  private readonly items: string[] = [];

  add(label: string): void {
    if (!this.items.includes(label)) this.items.push(label);
  }

  list(): string[] {
    return [...this.items];
  }
}
