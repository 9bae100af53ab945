/**
 * pdf.js's legacy build (the one that runs on Node 20) carries core-js polyfills, and on this V8 one of
 * them replaces Array.prototype.push for the whole thread with a slower one written in JavaScript (it
 * fixes corner cases no caller here relies on). This module is evaluated before pdf.js, keeps the
 * built-in, and puts it back after pdf.js and its worker code have loaded: extraction runs about a
 * quarter faster, and nothing else in the thread pays for it.
 */
const builtInPush = Array.prototype.push;

export function restoreBuiltInPush(): void {
  if (Array.prototype.push !== builtInPush) {
    Object.defineProperty(Array.prototype, 'push', { value: builtInPush, writable: true, configurable: true, enumerable: false });
  }
}
