// The parser thread's entry. The thread starts with no loader flags (the server may run under tsx, a test
// runner or plain node), so it registers tsx itself before loading the TypeScript that does the work.
import { register } from 'tsx/esm/api';

register();
await import('./parse-worker.ts');
