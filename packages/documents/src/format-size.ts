const KIB = 1024;
const MIB = 1024 * 1024;

/** A byte count as people read it in messages: '25 MB', '1.5 MB', '512 KB', '200 bytes'. */
export function formatSize(bytes: number): string {
  const number = (value: number) => value.toLocaleString('en-US', { maximumFractionDigits: 1 });
  if (bytes >= MIB) return `${number(bytes / MIB)} MB`;
  if (bytes >= KIB) return `${number(bytes / KIB)} KB`;
  return `${bytes.toLocaleString('en-US')} bytes`;
}
