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

// French elides "de" and "que" before a vowel: "Garde d'Alice", not "Garde de Alice"
// (atout.i18n.elide does the same for the server's and the terminal's texts).
const ELIDED = { de: "d'", De: "D'", que: "qu'", Que: "Qu'" };
const VOWEL = /^[aeiouyhàâäéèêëîïôöùûüœæ]/i; // a vowel, or a mute h: d'Hélène

/** Whether French elides "de" and "que" before `name` (atout.i18n.elides_before). */
export function elidesBefore(name) {
  return VOWEL.test(String(name));
}

/** `text` with "de {name}" made "d'{name}" when French and params.name starts with a vowel. */
export function elide(text, params, language = lang) {
  if (language !== "fr") return text;
  return text.replace(/(^|[^\p{L}])(de|De|que|Que) \{(\w+)\}/gu, (all, before, word, key) =>
    key in params && elidesBefore(params[key]) ? `${before}${ELIDED[word]}{${key}}` : all);
}

/** `one` or `many` for `n` things, as the page's language counts: French says 0 and 1
 * in the singular, English only 1 (both texts already through t()). */
export function plural(n, one, many) {
  return n === 1 || (lang === "fr" && n === 0) ? one : many;
}

/** The message in the page's language; `{name}` replaced by params.name. */
export function t(message, params = {}) {
  const text = Object.prototype.hasOwnProperty.call(messages, message) ? messages[message] : message;
  return elide(text, params).replace(/\{(\w+)\}/g, (all, key) => (key in params ? String(params[key]) : all));
}
