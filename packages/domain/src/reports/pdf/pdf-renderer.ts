/// <reference path="./pdfmake.d.ts" />
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);
const fontsDir = path.join(path.dirname(require.resolve('pdfmake/package.json')), 'fonts', 'Roboto');
let loaded: Promise<typeof import('pdfmake').default> | undefined;

/** pdfmake (and its font engine) loads with the first report, not with the server. */
function loadPdfmake() {
  return (loaded ??= import('pdfmake').then(({ default: pdfmake }) => {
    configure(pdfmake);
    return pdfmake;
  }));
}

function configure(pdfmake: typeof import('pdfmake').default) {
  pdfmake.addFonts({
    Roboto: {
      normal: path.join(fontsDir, 'Roboto-Regular.ttf'),
      bold: path.join(fontsDir, 'Roboto-Medium.ttf'),
      italics: path.join(fontsDir, 'Roboto-Italic.ttf'),
      bolditalics: path.join(fontsDir, 'Roboto-MediumItalic.ttf'),
    },
  });
  // Reports embed no remote images and read no file but the fonts.
  pdfmake.setUrlAccessPolicy(() => false);
  pdfmake.setLocalAccessPolicy((file) => path.resolve(file).startsWith(fontsDir));
}

export const COLORS = { primary: '#4338ca', muted: '#64748b', good: '#15803d', warning: '#b45309', poor: '#b91c1c', rule: '#e2e8f0' };

/** Spec section 9: 90 or more green, 75 to under 90 amber, below 75 red. */
export function rateColor(rate: number): string {
  if (rate >= 90) return COLORS.good;
  if (rate >= 75) return COLORS.warning;
  return COLORS.poor;
}

/** Renders a document definition with the house layout: title block, page numbers, selectable text. */
export async function renderPdf(title: string, subtitle: string, content: unknown[]): Promise<Buffer> {
  const pdfmake = await loadPdfmake();
  const definition = {
    info: { title, creator: 'Compliance Platform', producer: 'Compliance Platform' },
    pageSize: 'A4',
    pageMargins: [40, 50, 40, 50],
    defaultStyle: { font: 'Roboto', fontSize: 9, color: '#0f172a' },
    styles: {
      title: { fontSize: 20, bold: true, color: COLORS.primary },
      subtitle: { fontSize: 10, color: COLORS.muted, margin: [0, 2, 0, 14] },
      h2: { fontSize: 13, bold: true, margin: [0, 14, 0, 6] },
      h3: { fontSize: 11, bold: true, margin: [0, 10, 0, 4] },
      th: { bold: true, fillColor: '#eef2ff' },
      small: { fontSize: 8, color: COLORS.muted },
    },
    footer: (page: number, pages: number) => ({
      columns: [
        { text: title, style: 'small', margin: [40, 0, 0, 0] },
        { text: `Page ${page} of ${pages}`, alignment: 'right', style: 'small', margin: [0, 0, 40, 0] },
      ],
    }),
    content: [{ text: title, style: 'title' }, { text: subtitle, style: 'subtitle' }, ...content],
  };
  return pdfmake.createPdf(definition).getBuffer();
}

export const tableLayout = {
  hLineWidth: () => 0.5,
  vLineWidth: () => 0,
  hLineColor: () => COLORS.rule,
  paddingTop: () => 3,
  paddingBottom: () => 3,
};
