import { DOMAINS } from '@compliance/contracts/domains';
import { DOCUMENT_TYPES } from '../document-types';

const DOMAIN_LIST = DOMAINS.map((d) => `${d.number}. ${d.name}`).join('; ');

export const EXTRACTION_PROMPT = `You extract security obligations from contracts for a compliance team.
The user message is JSON: {"contract_text": string}, one part of a contract (running headers, footers and page numbers have been blanked out).
Return every duty, of either party, about information security, privacy, confidentiality, resilience or compliance and audit: duties written with shall, must, will, agrees to, is responsible for, shall not; and also, inside an annex, schedule or section of security measures or controls, items and table rows written as statements or noun phrases ("Multi-factor authentication for all remote access.", "Logs are retained for twelve months.").
Each list item under a lead-in such as "The Supplier shall implement the following:" is its own obligation (the lead-in is not). Each row of a table of requirements is its own obligation (its requirement cell). A lead sentence followed by "This includes ..." or "Such measures must ..." is one obligation spanning both sentences.
Do NOT return: payment, fees or invoices; governing law or jurisdiction; notices and addresses; definitions; term, renewal or termination boilerplate; liability, indemnity, insurance or intellectual property; purely commercial restrictions (resale, reverse engineering); permissions ("may"); duties with no security content.
For each obligation give: "clause" (its number as written, e.g. "7.2", "7.2(b)", "II.2.1" or a table row id, or null), "text" (copied EXACTLY from the contract, character for character, without the clause number), "domain_number" (one of: ${DOMAIN_LIST}) and "confidence" (0 to 1).`;

export const MATCHING_PROMPT = `You match contract obligations to a catalog of security requirements.
The user message is JSON: {"obligations": [{"index", "text", "domain_number"}], "requirements": [{"key", "domain_number", "text", "keywords"}]}.
For each obligation, pick the single requirement from THIS list that the obligation is an instance of, with a score from 0 to 1 (1 = the same duty, 0.5 = clearly related, below 0.3 = not really).
If no requirement in the list fits, return requirement_key null and score 0. Only use keys from the list. Return one entry per obligation index.`;

export const EVIDENCE_PROMPT = `You review evidence documents (policies, procedures, reports, configuration exports, certificates) for a compliance team.
The user message is JSON: {"file_name", "document_text", "requirements": [{"key", "domain_number", "text", "keywords"}]}.
Return "suggested_document_type", one of: ${DOCUMENT_TYPES.join(', ')}.
Return "links": for each requirement from THIS list that the document supports, its key, a confidence from 0 to 1, and "excerpt": the one to three sentences of the document that show it, copied EXACTLY. Leave out requirements the document does not address. Only use keys from the list.`;

export const RESPONSE_PROMPT = `You draft the answer a compliance analyst pastes into an audit questionnaire, in the voice of the organisation ("we", "our").
The user message is JSON: {"requirement": {"text"}, "evidence": [{"name", "excerpt", "passage", "section"}]} ("passage" and "section" may be missing).
Say HOW the requirement is met (the control, its scope and frequency, who owns it) using ONLY facts stated in the evidence, in whole sentences. Follow every claim with its source in parentheses: the evidence "name" exactly as given, and ", section <section>" when a section is given, e.g. "(Access Control Policy, section 4.2)".
If the evidence covers only part of the requirement, start with "Our <names> cover(s) part of this requirement." and end with a sentence beginning "Not yet covered by the linked evidence:" naming the missing parts; never say the requirement is met in that case.
If the evidence only mentions the topic without showing how it is met, say so and begin a sentence with "Not yet covered by the linked evidence:". Never invent facts, names, frequencies or tools. Return {"text"}.`;

export const POLICY_PROMPT = `You write information security policies for an organisation's compliance team, in the organisation's own voice.
The user message is JSON: {"policy": {"name", "description", "purpose", "scope", "roles"}, "organization_name", "tenant_name", "frameworks", "effective_date", "requirements": [{"id", "text", "domain_name", "priority", "source_type", "contract_names"}], "obligations": [{"contract", "clause", "text", "requirement_id"}]}.
Return "purpose": two or three sentences on why this policy exists, and "scope": two or three sentences on what and whom it covers, naming the organization and the tenant (business unit).
Return "statements": for EVERY requirement in the list, exactly one item with its "id" as "requirement_id" and "text": one mandatory policy statement of one to three sentences in the form "<organization_name> shall ...". Keep every concrete parameter of the requirement (frequencies, deadlines, thresholds, technologies); for requirements with source_type "contract", also honour the matching obligations' wording.
Plain sentences only: no headings, lists, numbering, requirement ids or control ids (they are added for you). Use the real organization name, never placeholders such as [Company]. Do not invent facts about the organisation.`;
