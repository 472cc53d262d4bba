// A rule id shown on a page (D5, B4, "D6–D8"…) is a link to that rule's text on the
// server's rule book page, /rules#D5 (docs/reference/rules.md), opened in a new tab.

const RULE_ID = /\b([DBEAPS])(\d{1,2})\b/;

/** The address of rule `id`'s text in language `lang` ("fr" or "en"). */
export function ruleHref(id, lang) {
  return `/rules?lang=${lang === "fr" ? "fr" : "en"}#${id}`;
}

/** A link to the first rule named in `rule` (its text kept as shown), or a plain span
 * when `rule` names none (such as "protocol"). `title` is the link's tooltip. */
export function ruleLink(rule, lang, title = "", cls = "rule") {
  const text = rule || "";
  const found = RULE_ID.exec(text);
  const node = document.createElement(found ? "a" : "span");
  node.className = cls;
  node.textContent = text;
  if (found) {
    node.href = ruleHref(found[0], lang);
    node.target = "_blank";
    node.rel = "noopener";
    node.dataset.rule = found[0];
    if (title) node.title = title;
  }
  return node;
}
