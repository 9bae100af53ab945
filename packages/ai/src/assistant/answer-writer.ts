import { throwIfAborted } from '../call-context';
import type { ChatAnswer, ChatCallOptions, ChatRequest } from '../engine';
import { SourceList, sourceLabel } from './tool-sources';
import type { ToolArgs, ToolName, ToolResults } from './tools';

/**
 * Writes the local provider's answer line by line: each line goes to `onDelta` as soon as it is
 * written (so the deltas concatenated are exactly the final text), and every tool call is recorded
 * as a source. The signal is checked before each tool call and each line.
 */
export class AnswerWriter {
  private readonly lines: string[] = [];
  private readonly sources = new SourceList();

  constructor(
    readonly input: ChatRequest,
    private readonly options: ChatCallOptions,
  ) {}

  get tenant(): string {
    return this.input.context.tenant_name;
  }

  /** "Acme Health's", "Acme Hospitals'". */
  get tenantPossessive(): string {
    return /s$/i.test(this.tenant) ? `${this.tenant}'` : `${this.tenant}'s`;
  }

  get organization(): string {
    return this.input.context.organization_name;
  }

  /** Calls one of the tenant's tools and records it as a source. */
  async call<N extends ToolName>(name: N, args: ToolArgs<N>): Promise<ToolResults[N]> {
    throwIfAborted(this.options.signal);
    const tool = this.input.tools[name] as (args: ToolArgs<N>) => Promise<ToolResults[N]>;
    const result = await tool(args);
    throwIfAborted(this.options.signal);
    this.sources.add(sourceLabel(name, args));
    return result;
  }

  /** Writes one line (empty for a paragraph break) and streams it. */
  line(text = ''): void {
    throwIfAborted(this.options.signal);
    const piece = this.lines.length ? `\n${text}` : text;
    this.lines.push(text);
    this.options.onDelta?.(piece);
  }

  /** Writes several lines, for a list. */
  list(items: readonly string[]): void {
    for (const item of items) this.line(item);
  }

  /** Ends the answer with the tool-based source line and returns it with its sources. */
  finish(): ChatAnswer {
    const sources = this.sources.list();
    if (sources.length) {
      this.line();
      this.line(`_Source: ${this.tenantPossessive} compliance data (${sources.join('; ')})._`);
    }
    return { text: this.lines.join('\n'), sources };
  }
}
