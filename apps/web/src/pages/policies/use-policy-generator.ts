import type { GeneratedPolicy } from '@compliance/contracts/policies';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { failureMessage, isNetworkError } from '../../components/error-detail';
import { refreshQueries } from '../../lib/refresh-queries';
import { trpc } from '../../lib/trpc';
import { type PolicyFileExtension, downloadPolicy } from './policy-downloads';
import { GENERATE_FAILED, type GenerationProgress, PolicyGenerationError, followPolicyJob } from './policy-job';

export const NO_CONTENT = 'No policy content to save';
const SAVE_FAILED = 'Failed to save policy to evidence library';

/** The policy screen's state of spec section 4. */
export interface PolicyState {
  /** The chosen template's name (the policy type). */
  selected: string | null;
  /** The text as generated (or as last committed from the editor). */
  original: string;
  /** The text in the editor. */
  working: string;
  editing: boolean;
  generating: boolean;
  progress: GenerationProgress | null;
  saving: boolean;
  error: string | null;
  success: string | null;
  /** What the last generation reported: requirements covered and the provider that wrote it. */
  meta: Pick<GeneratedPolicy, 'requirement_count' | 'provider' | 'model'> | null;
}

const INITIAL: PolicyState = {
  selected: null,
  original: '',
  working: '',
  editing: false,
  generating: false,
  progress: null,
  saving: false,
  error: null,
  success: null,
  meta: null,
};

const QUEUED: GenerationProgress = { stage: 'Queued', percent: 0 };

/** Spec section 8: a refused call reads 'Failed to generate policy'; anything else thrown shows its own message. */
function generationMessage(error: unknown): string {
  if (error instanceof PolicyGenerationError) return error.message;
  if (isNetworkError(error) && error instanceof Error && error.message) return error.message;
  return GENERATE_FAILED;
}

/** The text the preview and the downloads use: the working text while editing, otherwise the original. */
export function displayedText(state: PolicyState): string {
  return state.editing ? state.working : state.original;
}

interface GeneratorOptions {
  tenantId: string;
  frameworks: string[];
  includeContracts: boolean;
}

/** Generation (a job followed live), editing and saving of one policy at a time. */
export function usePolicyGenerator({ tenantId, frameworks, includeContracts }: GeneratorOptions) {
  const queryClient = useQueryClient();
  const client = trpc.useUtils().client;
  const { mutateAsync: startGeneration } = trpc.policies.startGeneration.useMutation();
  const { mutateAsync: saveToEvidence } = trpc.policies.saveToEvidence.useMutation();
  const [state, setState] = useState<PolicyState>(INITIAL);
  const following = useRef<AbortController | null>(null);
  /** Set synchronously, so a second click in the same tick cannot start a second generation. */
  const busy = useRef(false);
  const patch = useCallback((change: Partial<PolicyState>) => setState((current) => ({ ...current, ...change })), []);

  useEffect(() => () => following.current?.abort(), []);

  /** Choosing a template clears the error and the old text and starts generation (ignored while one runs). */
  async function generate(policyType: string) {
    if (busy.current) return;
    busy.current = true;
    const controller = new AbortController();
    following.current = controller;
    patch({ selected: policyType, original: '', working: '', editing: false, error: null, success: null, meta: null, generating: true, progress: QUEUED });
    try {
      const { job_id } = await startGeneration({ policy_type: policyType, frameworks, include_contracts: includeContracts, tenant_id: tenantId });
      const policy = await followPolicyJob({ client, tenantId, jobId: job_id, signal: controller.signal, onProgress: (progress) => patch({ progress }) });
      const meta = { requirement_count: policy.requirement_count, provider: policy.provider, model: policy.model };
      patch({ original: policy.content, working: policy.content, editing: false, success: null, meta });
    } catch (error) {
      if (controller.signal.aborted) return;
      patch({ error: generationMessage(error) });
    } finally {
      busy.current = false;
      if (!controller.signal.aborted) patch({ generating: false, progress: null });
    }
  }

  /**
   * 'Edit' opens the editor on the shown text; 'Preview' commits the edit as the text shown from then
   * on, so the preview and the downloads follow the spec's rule (working text while editing, else the
   * original) and still show what the user wrote.
   */
  function toggleEdit() {
    setState((current) =>
      current.editing ? { ...current, editing: false, original: current.working } : { ...current, editing: true, working: current.original },
    );
  }

  /** Saving clears both messages first; it needs a chosen policy and non-blank working text (else no call). */
  async function save() {
    patch({ error: null, success: null });
    const { selected, working } = state;
    if (!selected || !working.trim()) {
      patch({ error: NO_CONTENT });
      return;
    }
    patch({ saving: true });
    try {
      const saved = await saveToEvidence({ policy_type: selected, content: working, tenant_id: tenantId });
      patch({ success: `✅ Policy saved to Evidence Library! ${saved.requirement_count ?? 0} requirements linked.` });
      void refreshQueries(queryClient, 'evidence', 'requirements', 'reports');
    } catch (error) {
      patch({ error: failureMessage(error, SAVE_FAILED) });
    } finally {
      patch({ saving: false });
    }
  }

  /** Downloads what is shown (spec: the working text while editing, otherwise the original). */
  async function download(extension: PolicyFileExtension) {
    if (!state.selected) return;
    try {
      await downloadPolicy(state.selected, displayedText(state), extension);
    } catch (error) {
      console.error('Could not build the policy file', error);
      patch({ error: `Could not create the ${extension.toUpperCase()} file. Please try again.` });
    }
  }

  return {
    state,
    download: (extension: PolicyFileExtension) => void download(extension),
    generate: (policyType: string) => void generate(policyType),
    toggleEdit,
    setWorking: (working: string) => patch({ working }),
    save: () => void save(),
    dismissSuccess: () => patch({ success: null }),
  };
}
