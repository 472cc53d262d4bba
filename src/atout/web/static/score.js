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

/**
 * S3 as one sum whose terms add up to the score after `=`:
 * `-(25 + 3) × 2 + 20 (petit au bout) - 20 (poignée) = -76`. `t` translates a message.
 */
export function scoreSum(b, t) {
  let line = `${b.made ? "" : "-"}(${b.base} + ${b.difference}) × ${b.multiplier}`;
  for (const [value, name] of [[b.petit_au_bout, "petit au bout"], [b.poignee, "poignée"], [b.chelem, "chelem"]]) {
    if (value) line += ` ${value > 0 ? "+" : "-"} ${Math.abs(value)} (${t(name)})`;
  }
  return `${line} = ${signed(b.score)}`;
}

/** The bonuses counted, each with its value as it adds to the score: `petit au bout +20`. */
export function bonuses(b, t) {
  const out = [];
  for (const [value, name] of [[b.petit_au_bout, "petit au bout"], [b.poignee, "poignée"], [b.chelem, "chelem"]]) {
    if (value) out.push(`${t(name)} ${signed(value)}`);
  }
  return out;
}
