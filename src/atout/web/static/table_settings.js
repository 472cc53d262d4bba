// The table's settings, as the lobby's form set them, shown to the owner (his seats'
// dialog): the match, who sees what, and the ⚙ house rules with their rule ids.
import { t } from "./i18n.js";
import { $, S } from "./table_state.js";
import { el } from "./table_dom.js";

const yes = (value) => (value ? t("yes") : t("no"));

const SHUFFLER = {
  null: "the player opposite the dealer",
  1: "the dealer's right neighbour",
  2: "two seats after the dealer",
  0: "the dealer",
};
const EXCUSE = { changes_camp: "changes camp (FFT)", to_trick_winner: "goes to the trick's winner" };

/** [label, value] of each setting the lobby's form sets. */
function lines(table) {
  const rules = table.rules || {};
  return [
    [t("Donnes"), String(table.deals)],
    [t("Grace period (seconds) before a bot stands in"), String(table.grace_seconds)],
    [t("Move timer (seconds, 0: none)"), String(table.move_seconds || 0)],
    [t("The spectators' link sees every hand"), yes(table.spectators_see_hands)],
    [t("Two chien cards may follow each other (D8)"), yes(rules.consecutive_chien_cards)],
    [t("Points taken for an early pick-up (D11)"), String(rules.early_pickup_penalty ?? 0)],
    [t("A player who turns up a plain card is barred from bidding (D14)"), yes(rules.bar_plain_card_exposer)],
    [t("The Excuse turned face up counts as a trump (D14)"), yes(rules.excuse_exposed_as_trump)],
    [t("Who shuffles (D4)"), t(SHUFFLER[rules.shuffler_offset ?? null] || SHUFFLER.null)],
    [t("The called suit may be led at the first trick (B4, 5 players)"), yes(rules.called_suit_first_trick)],
    [t("The Excuse played in the last trick (P4)"), t(EXCUSE[rules.excuse_last_trick] || EXCUSE.changes_camp)],
  ];
}

/** Fill the settings' list of the seats' dialog. */
export function renderSettings() {
  const list = $("settings-list");
  if (!list || !S.table) return;
  list.replaceChildren(...lines(S.table).flatMap(([label, value]) => [el("dt", { text: label }), el("dd", { text: value })]));
}
