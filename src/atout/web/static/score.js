// A donne's score told from its breakdown (atout.scoring.Breakdown, as the server
// sends it with each row of the score sheet): the page only formats it. The same
// sum as atout.score_text.score_equation, in the page's language. No imports, so
// that it runs alone (in a test, under node).

/** A number as the reader writes it: `41,5` in French, `41.5` in English. */
export function number(value, language) {
  const text = String(value);
  return language === "fr" ? text.replace(".", ",") : text;
}

/** A signed whole number: `+20`, `-88`, `+0`. */
export function signed(value) {
  return value < 0 ? String(value) : `+${value}`;
}

/** A text's negative numbers written with the minus sign (−, U+2212), as wide as the
 * plus of the positive ones beside them: what the page shows (scoreSum itself stays
 * the terminal's equation). */
export function minus(text) {
  return String(text).replace(/-(?=\s?[\d(])/g, "\u2212");
}

/** The bonuses that add to the score, each named in the page's language. */
function terms(b, t) {
  const out = [];
  if (b.petit_au_bout) out.push([b.petit_au_bout, t("petit au bout")]);
  if (b.poignee) out.push([b.poignee, t("poignée")]);
  if (b.chelem) out.push([b.chelem, t("chelem")]);
  return out;
}

/**
 * S3 as one sum whose terms add up to the score after `=`:
 * `-(25 + 3) × 2 + 20 (petit au bout) - 20 (poignée) = -76`. `t` translates a message.
 */
export function scoreSum(b, t) {
  let line = `${b.made ? "" : "-"}(${b.base} + ${b.difference}) × ${b.multiplier}`;
  for (const [value, name] of terms(b, t)) line += ` ${value > 0 ? "+" : "-"} ${Math.abs(value)} (${name})`;
  return `${line} = ${signed(b.score)}`;
}

/** The bonuses counted, each with its value as it adds to the score: `petit au bout +20`. */
export function bonuses(b, t) {
  return terms(b, t).map(([value, name]) => `${name} ${signed(value)}`);
}
