/** The model names engines report, kept apart so naming one does not load its engine. */
export const LOCAL_MODEL = 'local-nlp-1 (wink-eng-lite-web-model 1.8.1, minisearch BM25)';
export const DEFAULT_OPENAI_MODEL = 'gpt-4o-mini';
