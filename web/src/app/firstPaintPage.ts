/**
 * Turns a screen's copy of index.html (web/scripts/page-preloads.mjs) into one that draws the screen itself as soon as
 * the HTML arrives, before any script (web/scripts/first-paint.mjs runs it at build time for the home page):
 * - the screen's content as the app first draws it (`markup`, firstScreenMarkup.tsx: its <main> and footer) after
 *   index.html's emergency block, which stays first and stands in for the app's header (Call 112 and Emergency SOS
 *   work before the app, as on every page); the copy's buttons are inert, since only the app can work them;
 * - the page's stylesheets inline (`css`: the entry's and the screen's, a few KB), so the first paint waits for none;
 * - the app's script and the screen's chunks requested once that first paint is on screen: it is never held up by
 *   them (nor by the app's start, were they to arrive first), at the cost of their leaving that much later;
 * - the copy is English: a head script hides it before the first paint when she reads Wings in Hindi or Marathi
 *   (her choice as i18n/language.ts makes it), and she sees the emergency block alone until the app draws her language.
 * The app replaces the block and the copy when it renders into #root (main.tsx), as it replaces the block on any page.
 */

/** Class of <html> on a page with a first paint; with `--off`, the copy is hidden (not her language). */
export const FIRST_PAINT = 'first-paint'
const OFF = `${FIRST_PAINT}--off`
/** Class of the copy's root element: the app's own `.app` never has it. */
export const FIRST_PAINT_COPY = 'app--first-paint'

/**
 * Her language as i18n/language.ts's startingLanguage chooses it (?lang=, her choice kept on this device, her
 * browser's languages; English when unknown), written for every browser without the app's code. Not English: the
 * English copy is hidden. Kept in step with language.ts by firstPaintPage.test.ts.
 */
export const LANGUAGE_SCRIPT = `(function(){var L=['en','hi','mr'],d=document.documentElement,k=null,w=function(c){return L.indexOf(c)<0?'en':c};try{k=localStorage.getItem('wings.language')}catch(e){}var q=new URLSearchParams(location.search).get('lang'),l=q!==null?w(q):k!==null?w(k):'en';if(q===null&&k===null){var p=navigator.languages&&navigator.languages.length?navigator.languages:[navigator.language];for(var i=0;i<p.length;i++){var b=String(p[i]||'').toLowerCase().split(/[-_]/)[0];if(L.indexOf(b)>=0){l=b;break}}}if(l!=='en')d.className+=' ${OFF}'})()`

/**
 * Once the page's first contentful paint is on screen (Paint Timing; where it is missing, after the first frame;
 * after 1 s at most, e.g. in a tab in the background, which paints nothing): links the page's stylesheets again
 * (their rules are inline already; linked, the app's loader does not fetch the screen's and wait for it before
 * drawing), preloads the screen's chunks and runs the app's entry.
 */
export const startScript = (entry: string, preloads: string[], sheets: string[]) =>
  `(function(){var s=0,g=function(){if(s)return;s=1;var a=function(r,h){var l=document.createElement('link');l.rel=r;l.crossOrigin='';l.href=h;document.head.appendChild(l)};${JSON.stringify(sheets)}.forEach(function(h){a('stylesheet',h)});${JSON.stringify(preloads)}.forEach(function(h){a('modulepreload',h)});import(${JSON.stringify(entry)}).catch(function(){})};var P=window.PerformanceObserver;if(P&&P.supportedEntryTypes&&P.supportedEntryTypes.indexOf('paint')>=0)new P(function(l){if(l.getEntriesByName('first-contentful-paint').length)g()}).observe({type:'paint',buffered:true});else requestAnimationFrame(function(){setTimeout(g,0)});setTimeout(g,1000)})()`

/**
 * The copy's own look: the block's SOS sheet opens where it is, without scrolling Call 112 away (the page is longer
 * than the block now); the copy hidden in another language; its buttons keep their place but are not shown until the app
 * can work them; the hero's words are there at once rather than fading in (the app's hero, drawn in its place, would
 * fade in a second time).
 */
export const FIRST_PAINT_CSS = `.${FIRST_PAINT} .eb-s{scroll-margin-top:100vh}.${OFF} .${FIRST_PAINT_COPY}{display:none}.${FIRST_PAINT_COPY} button{visibility:hidden}.${FIRST_PAINT} .hero__tagline,.${FIRST_PAINT} .hero__promise{animation:none}`

const ENTRY = /<script type="module" crossorigin src="([^"]+)"><\/script>/
const PRELOAD = /\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g
const SHEET = /\s*<link rel="stylesheet" crossorigin href="([^"]+)">/g
const BLOCK_END = /(<div id="root"><section class="eb"[\s\S]*?<\/section><\/section>)(<\/div>)/

/** The stylesheets a page links (to inline them). */
export const stylesheetsOf = (page: string) => [...page.matchAll(SHEET)].map(([, href]) => href as string)

/** What the copy keeps of the app's markup: the screen (<main>) and the footer, which need no script to be read. */
const CONTENT = /<main\b[\s\S]*<\/main><footer\b[\s\S]*?<\/footer>/

/** A closed <dialog> (the app opens it; it draws nothing until then). */
const CLOSED_DIALOG = /<dialog\b(?![^>]*\bopen\b)[\s\S]*?<\/dialog>/g

/**
 * The app's markup made static: its screen and footer without the frame's controls (the emergency block stands in for
 * the header until the app runs) nor closed dialogs, buttons and forms inert, assets at their built URLs.
 */
export function staticCopy(markup: string, assetUrl: (src: string) => string): string {
  const content = CONTENT.exec(markup)?.[0]
  if (!content) throw new Error('first paint: the markup has no <main> and footer')
  const inert = content
    .replace(CLOSED_DIALOG, '')
    .replace(/<(button|form)\b/g, '<$1 inert')
    .replace(/ src="(\/src\/[^"]+)"/g, (_, src: string) => ` src="${assetUrl(src)}"`)
  return `<div class="app ${FIRST_PAINT_COPY}">${inert}</div>`
}

export interface FirstPaint {
  /** The screen's markup as the app draws it (firstScreenMarkup). */
  markup: string
  /** The text of the page's stylesheets, in their order (stylesheetsOf). */
  css: string
  /** The built URL of an asset the markup names by its source path (/src/assets/logo.svg). */
  assetUrl: (src: string) => string
}

/** The page with its screen drawn in (see the module's comment). Throws if the page is not as the build makes it. */
export function firstPaintPage(page: string, { markup, css, assetUrl }: FirstPaint): string {
  const entry = ENTRY.exec(page)?.[1]
  if (!entry || !BLOCK_END.test(page)) throw new Error('first paint: the page is not as the build makes it')
  const preloads = [...page.matchAll(PRELOAD)].map(([, href]) => href as string)
  const sheets = stylesheetsOf(page)
  const copy = staticCopy(markup, assetUrl)
  return page
    .replace('<html lang="en">', `<html lang="en" class="${FIRST_PAINT}">`)
    .replace(ENTRY, '')
    .replace(PRELOAD, '')
    .replace(SHEET, '')
    .replace(
      '</head>',
      () => `<style>${css}${FIRST_PAINT_CSS}</style>\n    <script>${LANGUAGE_SCRIPT}</script>\n  </head>`,
    )
    .replace(BLOCK_END, (_, block: string, end: string) => `${block}${copy}${end}`)
    .replace('</body>', () => `  <script>${startScript(entry, preloads, sheets)}</script>\n  </body>`)
}
