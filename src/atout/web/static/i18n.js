// The page's text in the reader's language. The server hands the catalogue over in
// the JSON block #i18n (atout.i18n.translations); messages are the English text.
const block = document.getElementById("i18n");
let data = {};
try {
  data = block ? JSON.parse(block.textContent) : {};
} catch {
  data = {};
}
const browserLang = (navigator.language || "en").toLowerCase().startsWith("fr") ? "fr" : "en";

/** "fr" or "en": the server's choice, else the browser's. */
export const lang = data.lang === "fr" || data.lang === "en" ? data.lang : browserLang;
const messages = data.messages || {};

/** The message in the page's language; `{name}` replaced by params.name. */
export function t(message, params = {}) {
  const text = Object.prototype.hasOwnProperty.call(messages, message) ? messages[message] : message;
  return text.replace(/\{(\w+)\}/g, (all, key) => (key in params ? String(params[key]) : all));
}
