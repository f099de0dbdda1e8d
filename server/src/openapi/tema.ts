export const TEMA_CSS = '';
