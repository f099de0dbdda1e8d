// The viewer's look (swagger-ui's `theme`, decision 385): WCAG 2.2 AA contrast for the parts whose
// stock colours fail it (method badges, version stamps, the Authorize button, muted texts), the
// site's calm palette, and text that wraps on a phone. Served as a same-origin file: the CSP of
// the site is not loosened.
export const TEMA_CSS = `
body { background: #fbfaf7; }
.swagger-ui, .swagger-ui .info .title, .swagger-ui .opblock-tag { color: #2b2f36; }
.swagger-ui .info .title small { background: #4a5361; }
.swagger-ui .info .title small.version-stamp { background: #2f6b1f; }
.swagger-ui .info .title small pre { color: #fff; }
.swagger-ui .info a, .swagger-ui .info .link { color: #1d4f91; }
.swagger-ui .opblock .opblock-summary-method { color: #fff; text-shadow: none; }
.swagger-ui .opblock.opblock-get .opblock-summary-method { background: #1d5fa8; }
.swagger-ui .opblock.opblock-post .opblock-summary-method { background: #1b6e45; }
.swagger-ui .opblock.opblock-put .opblock-summary-method { background: #94500a; }
.swagger-ui .opblock.opblock-patch .opblock-summary-method { background: #1f6d61; }
.swagger-ui .opblock.opblock-delete .opblock-summary-method { background: #b02a1f; }
.swagger-ui .btn.authorize { color: #1b6e45; border-color: #1b6e45; }
.swagger-ui .btn.authorize svg { fill: #1b6e45; }
.swagger-ui .opblock .opblock-summary-description, .swagger-ui .opblock-description-wrapper p,
.swagger-ui .response-col_status, .swagger-ui .parameter__in, .swagger-ui .parameter__type,
.swagger-ui table thead tr td, .swagger-ui table thead tr th, .swagger-ui .tab li, .swagger-ui .model-title,
.swagger-ui .prop-format, .swagger-ui .renderedMarkdown p { color: #2b2f36; }
.swagger-ui .parameter__name.required span, .swagger-ui .parameter__name.required::after { color: #a3261c; }
.swagger-ui .opblock-summary-path, .swagger-ui .opblock-summary-path a { overflow-wrap: anywhere; word-break: normal; }
.swagger-ui .opblock-tag small { color: #3d434d; }
.swagger-ui .model .property.primitive, .swagger-ui .model-hint { color: #4a5361; }
.swagger-ui :focus-visible { outline: 3px solid #1d4f91; outline-offset: 2px; }
@media (max-width: 600px) {
  .swagger-ui .opblock .opblock-summary { flex-wrap: wrap; }
  .swagger-ui .opblock .opblock-summary-description { flex-basis: 100%; }
}
`;

/** The page is in Spanish; swagger-ui's template says \`lang="en"\` (WCAG 3.1.1). Code blocks that
 * scroll (long examples and schemas) get into the tab order, so a keyboard can scroll them (axe:
 * scrollable-region-focusable); swagger-ui renders them late, hence the observer. */
export const TEMA_JS = `document.documentElement.lang = 'es';
new MutationObserver(function () {
  document.querySelectorAll('.swagger-ui pre:not([tabindex])').forEach(function (pre) {
    pre.setAttribute('tabindex', '0');
  });
}).observe(document.documentElement, { childList: true, subtree: true });
`;
