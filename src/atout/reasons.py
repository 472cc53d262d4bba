"""Why an action is refused, as a value: the rule it breaks, a kind and its parameters.

A :class:`Reason` names the rule (``"P1"``), a *kind* (a short stable identifier such
as ``"must_follow"``) and the parameters of that kind, as values: seats (``int``),
cards (:class:`~atout.cards.Card`), numbers, contracts, phases. The sentence is made
only when a person reads it: :func:`render` gives it in the reader's language, with the
cards in that language's form (``R♠`` and ``21`` in French, ``K♠`` and ``21`` in
English) and the seats named as the face names them. ``str(reason)`` is the English
sentence behind the rule id, with the cards in record notation, as the errors of atout
always read (``"P1: T5 does not follow the suit led (QS)"``).

Every kind's English template is in :data:`TEMPLATES`, each marked with :func:`N_` for
the extraction of messages; the translations are in the gettext catalogues of
:mod:`atout.i18n`. A parameter that is a text and a key of :data:`LABELS` (an action,
a phase, a contract, a kind of fault…) is shown as that label, translated; a parameter
that is itself a :class:`Reason` is shown as its sentence (a clause of the other).

>>> from atout.cards import Card
>>> why = Reason("P1", "must_follow", card=Card.parse("T5"), lead=Card.parse("KS"))
>>> why
'P1: T5 does not follow the suit led (KS)'
>>> why.rule, why.kind, why.as_json()
('P1', 'must_follow', {'rule': 'P1', 'kind': 'must_follow', 'params': {'card': 'T5', 'lead': 'KS'}})
>>> render(why, "fr")
'5 ne fournit pas la couleur demandée (R♠)'
>>> render(Reason("B1", "not_your_turn", turn=1, seat=2), "en", ["Ann", "Bob", "Cy", "Di"])
"it is Bob's turn, not Cy's"
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from enum import Enum
from string import Formatter
from typing import Any

__all__ = ["LABELS", "N_", "SEAT_PARAMS", "TEMPLATES", "Reason", "SeatNames", "render"]


def N_(message: str) -> str:
    """Mark ``message`` for the extraction of messages; it is returned as it is."""
    return message


SEAT_PARAMS = frozenset({"seat", "turn", "dealer", "shuffler", "cutter", "to", "by", "waiting"})
"""The parameters that are seats (a seat number, or a list of them)."""

SeatNames = Callable[[int], str] | Mapping[int, str] | Sequence[str]
"""How a face names the seats: a function, a mapping or a list, by seat number."""

TEMPLATES: dict[str, str] = {
    # -- P1–P5, B4: the play of the cards (atout.play, atout.state) ----------------------
    "not_in_hand": N_("{card} is not in the hand"),
    "seat_lacks_card": N_("{seat} does not hold {card}"),
    "must_follow": N_("{card} does not follow the suit led ({lead})"),
    "must_trump": N_("{card}: void in the suit led, you must trump"),
    "must_overtrump": N_("{card}: void in the suit led, you must play a trump higher than {best}"),
    "trumps_led_must_trump": N_("{card}: trumps were led, you must trump"),
    "trumps_led_must_overtrump": N_(
        "{card}: trumps were led, you must play a trump higher than {best}"
    ),
    "called_suit_first_trick": N_(
        "the called suit may not be led at the first trick, except {called}"
    ),
    # -- the game's turn and phases (atout.state) ------------------------------------------
    "not_a_game_action": N_("{action} is not an action of the game"),
    "not_possible_now": N_("{action} is not possible now: {now}"),
    "not_your_turn": N_("it is {turn}'s turn, not {seat}'s"),
    "game_bidding": N_("the players are bidding"),
    "game_call": N_("the taker is calling a card"),
    "game_ecart": N_("the taker is making the écart"),
    "game_chelem": N_("the taker may announce a chelem"),
    "game_play": N_("the cards are being played"),
    "game_done": N_("the donne is over"),
    "game_void": N_("the donne is void"),
    "donne_void": N_("the donne is void ({why}): a new deal is dealt"),
    "donne_over": N_("the donne is over: all {tricks} tricks are played"),
    "deal_not_over_bidding": N_("the deal is not over: the bidding cannot start"),
    "operations_disagree": N_("the operations do not follow from each other"),
    # -- B1–B4: the bidding ----------------------------------------------------------------
    "not_a_contract": N_("{value} is not a contract"),
    "barred_from_bidding": N_("{seat} may not bid on this deal after a fault (D12, D14)"),
    "bid_too_low": N_("a bid must be higher than {highest}, got {contract}"),
    "call_not_allowed": N_("the taker must call one of {allowed}, not {card}"),
    # -- E1–E3: the écart ------------------------------------------------------------------
    "not_in_taker_hand": N_("{card} is not in the taker's hand"),
    "ecart_king": N_("a King may not go to the écart"),
    "ecart_bout": N_("a bout (the Petit, the 21, the Excuse) may not go to the écart"),
    "ecart_trump": N_("a trump may go to the écart only when nothing else is possible"),
    "ecart_size": N_("the écart is {size} different cards"),
    "ecart_after_bidding": N_("the écart is made after the bidding"),
    # -- A1–A6: poignée and chelem ---------------------------------------------------------
    "poignee_unknown_level": N_("{level} is not a poignée: simple, double or triple"),
    "poignee_not_own_cards": N_("a poignée shows cards of the player's own hand, once each"),
    "poignee_size": N_("a {level} poignée shows exactly {need} trumps, not {count}"),
    "poignee_only_trumps": N_("a poignée shows only trumps (and maybe the Excuse)"),
    "poignee_excuse": N_("the Excuse may stand for a trump only when every other trump is shown"),
    "poignee_once": N_("a poignée is shown once, just before the player's first card"),
    "chelem_yes_or_no": N_("a chelem is announced or not, not {value}"),
    # -- D1–D19: the deal (atout.dealing, atout.fairness) ----------------------------------
    "bad_pack": N_("a pack is the 78 cards, each once"),
    "no_dealer": N_("the dealer is not chosen yet: draw for the dealer"),
    "deal_draw": N_("the players are drawing for the dealer (D1)"),
    "deal_shuffle": N_("the pack must first be shuffled by {seat}"),
    "deal_cut": N_("the pack must first be cut by {seat}"),
    "deal_dealing": N_("the dealer is dealing"),
    "deal_show_chien": N_("the dealer must show the chien"),
    "deal_pick_up": N_("the deal is over and the players must pick up their cards"),
    "deal_petit_sec": N_("{seat} must announce the Petit sec"),
    "deal_complete": N_("the deal is over"),
    "deal_void": N_("the deal is void"),
    "already_drawn": N_("{seat} has already drawn {card}: each player draws one card"),
    "card_drawn": N_("{card} has already been drawn"),
    "wrong_shuffler": N_(
        "the pack must be shuffled by {shuffler}, the player opposite the dealer "
        "({dealer}), not by {seat}"
    ),
    "bad_permutation": N_("a shuffle must be a permutation of the 78 positions 0 … 77"),
    "shuffled_pack": N_("a shuffled pack holds the 78 cards, each once"),
    "wrong_cutter": N_(
        "the pack must be cut by {cutter}, the dealer's left neighbour, not by {seat}"
    ),
    "cut_depth": N_(
        "the cut must take and leave more than 3 cards ({low} ≤ k ≤ {high}), got k={k}"
    ),
    "cut_not_count": N_("the cut is a whole number of cards, not {value}"),
    "cut_depth_needed": N_(
        "the cut takes a number of cards: only a pack shuffled by hand may be cut at a depth "
        "not known"
    ),
    "cards_unseen": N_(
        "the pack was shuffled by hand: its cards are dealt unseen, not named one by one"
    ),
    "cards_seen": N_("the order of the pack is known: each card dealt is named"),
    "wrong_packet_seat": N_(
        "the next packet goes to {to}, counter-clockwise from the dealer's right neighbour, "
        "not to {seat}"
    ),
    "packet_size": N_(
        "with {players} players the cards are dealt {size} by {size}, not {count} at a time"
    ),
    "hands_full": N_("every player already has {size} cards"),
    "packet_from_top": N_("a packet is dealt from the top of the pack"),
    "chien_needs_card": N_(
        "the chien still needs {missing} card(s) and they may not be the last card of the "
        "pack: put a chien card down before this packet"
    ),
    "chien_full": N_("the chien already holds its {size} cards"),
    "chien_not_first": N_("the first card of the pack may not go to the chien"),
    "chien_not_last": N_("the last card of the pack may not go to the chien"),
    "chien_one_at_a_time": N_(
        "the chien is built one card at a time: deal a packet before the next chien card "
        "(Rules.consecutive_chien_cards allows two in a row)"
    ),
    "chien_too_few_packets": N_("too few packets are left for the rest of the chien"),
    "chien_gap_type": N_("a chien gap is a number of packets, got {gaps}"),
    "chien_gap_count": N_("the chien takes {size} cards, not {count}"),
    "chien_gaps_order": N_("the chien gaps must be listed in the order of the deal"),
    "chien_card_from_top": N_("a chien card is dealt from the top of the pack"),
    "chien_placement": N_(
        "a chien placement is {size} sorted numbers of packets, 1 … {last}, got {gaps}"
    ),
    "chien_placement_different": N_(
        "a chien placement is {size} sorted numbers of packets, 1 … {last}, all different, "
        "got {gaps}"
    ),
    "chien_placement_not_followed": N_(
        "what was dealt so far does not follow the derived chien placement"
    ),
    "not_petit_sec": N_(
        "{seat} does not hold the Petit sec: a Petit sec is the Petit with no other trump "
        "and without the Excuse"
    ),
    "not_a_fault": N_("{value} is not a fault of the deal: one of {kinds}"),
    "fault_during_deal": N_("this fault ({fault}) is only recorded during the deal: {now}"),
    "fault_chien_shown": N_("this fault ({fault}) is only recorded when the chien is shown: {now}"),
    "dealers_fault": N_("a {fault} is the dealer's fault ({dealer})"),
    "name_exposed_card": N_("name the card that was turned face up"),
    "fault_no_card": N_("this fault ({fault}) concerns no card"),
    "name_early_pickup": N_("name the player who touched his cards"),
    "no_cards_yet": N_("{seat} has no cards to pick up yet"),
    "pickup_recorded": N_("{seat}'s early pick-up is already recorded"),
    "already_face_up": N_("{card} is already face up"),
    "not_received": N_("{seat} has not received {card} at this point"),
    "hands_not_whole_pack": N_("the hands and the chien must hold the 78 cards once"),
    "hands_sizes": N_("{players} hands of {size} cards and {chien} in the chien"),
    "follows_from_another": N_("{operation} follows from another operation"),
    "consequences_disagree": N_("the consequences do not follow the rules"),
    "deal_not_over": N_("deal {number} is not over: finish it or record its fault"),
    "no_deal_to_open": N_("no deal to open: start the next deal first"),
    "donne_not_over": N_("donne {number} is not over"),
    "secret_size": N_("the shuffle's secret is {size} bytes"),
    "contribution_format": N_(
        "a contribution to the shuffle is {low} to {high} bytes in lowercase hex "
        "({low_digits} to {high_digits} characters 0-9 a-f), got {problem}"
    ),
    "hex_not_text": N_("a {type}, not a text"),
    "hex_length": N_("a text of {length} characters"),
    "hex_odd": N_("an odd number of hex digits"),
    "hex_character": N_("the character {character}"),
    "contribution_seat": N_("a contribution comes from a seat 0 … {last}, not {value}"),
    "contributes_twice": N_("{seat} contributes twice to the shuffle"),
    "contribution_size": N_("{seat}'s contribution is {low} to {high} bytes"),
    # -- the table and its settings (atout.table) ------------------------------------------
    "player_count": N_("French Tarot is played by 3, 4 or 5 players, not {value}"),
    "not_a_seat": N_(
        "{what} {value} is not a seat: seats are 0 … {last} with {players} players, "
        "in the order of play"
    ),
    "setting_choice": N_("{name} is one of {choices}, not {value}"),
    "setting_bool": N_("{name} is true or false, not {value}"),
    "penalty_value": N_("a penalty is a number of points ≥ 0, got {value}"),
    # -- a table in play (atout.session) ---------------------------------------------------
    "match_not_started": N_("the match has not started"),
    "match_over": N_("the match is over"),
    "deal_over_not_a_move": N_("the deal is over: {action} is not a move of the game"),
    "game_not_begun": N_("the deal is not over: the game has not begun"),
    "shuffle_waits": N_("the shuffle waits for the random values of {waiting}"),
    "cannot_act_now": N_("{seat} cannot act now: the table waits for {waiting}"),
    "bot_cut": N_("{seat} is a bot: it cuts {cut} cards, the verifiable cut"),
    "not_an_action": N_("{action} is not an action"),
    "not_verifiable": N_("this table's deals are not verifiable"),
    "bot_no_contribution": N_("{seat} is a bot: only persons contribute"),
    "already_contributed": N_("{seat} has already given its value for this deal"),
    "contribution_late": N_("values are given before the shuffle, not after"),
    "nothing_to_do": N_("{seat} has nothing to do now"),
    "next_not_yet": N_("the donne is not over: Next begins the next one once it is"),
    "next_pressed": N_("{seat} has already pressed Next for this donne"),
    # -- the table companion (atout.companion): a score sheet's entries -------------------
    "c_no_profile": N_("no rules profile {name}: one of {profiles}"),
    "c_not_a_setting": N_("{name} is not a setting ({settings})"),
    "c_setting_type": N_("a setting has a value of the wrong type"),
    "c_too_many_entries": N_("an evening holds at most {most} entries"),
    "c_entry_not_object": N_("an entry is a JSON object"),
    "c_entry_type": N_("type: one of {types}, not {value}"),
    "c_nothing_to_undo": N_("nothing to undo"),
    "c_no_result_to_edit": N_("donne {number} has no result to edit"),
    "c_result_object": N_("result: an object"),
    "c_dealer_unknown": N_("the first dealer is not known yet: enter the cards drawn"),
    "c_dealer_drawn_once": N_("only the first dealer is drawn; then the deal passes to the right"),
    "c_draw_begun": N_("the draw has begun: enter the cards drawn"),
    "c_cut_entered": N_("the cut is already entered"),
    "c_packets_past": N_(
        "packets: {packets}, but a fault entered before was already at packet {dealt}"
    ),
    "c_drawn_petit": N_("the Petit has already been drawn: each card is drawn once"),
    "c_drawn_excuse": N_("the Excuse has already been drawn: each card is drawn once"),
    "c_drawn_trump": N_("the {number} of trumps has already been drawn: each card is drawn once"),
    "c_drawn_card": N_("{card} has already been drawn: each card is drawn once"),
    "c_cut_depth": N_(
        "the cut must take and leave more than 3 cards ({low} … {high}), got {value}"
    ),
    "c_contract": N_("contract: prise, garde, garde_sans or garde_contre, not {value}"),
    "c_barred_taker": N_("{seat} may not bid on this donne, so cannot be the taker"),
    "c_pile_points": N_("the pile counts {points} points, not {entered}"),
    "c_pile_bouts": N_("the pile holds {bouts} bouts, not {entered}"),
    "c_points_or_pile": N_(
        "enter the points of the taker's camp and its bouts, or the cards of its pile"
    ),
    "c_points_sum": N_("{attack} + {defence} = {total}: the two camps share 91 points"),
    "c_points_range": N_(
        "with {bouts} bouts (4.5 points each) the taker's camp has {low} to {high} points, "
        "not {points}"
    ),
    "c_petit_in_chien_bool": N_("petit_in_chien: true or false"),
    "c_petit_chien_contre": N_(
        "the Petit in the chien counts for the defence in a garde contre: 3 bouts are impossible"
    ),
    "c_petit_chien_sans": N_(
        "the Petit in the chien counts for the taker in a garde sans: at least 1 bout"
    ),
    "c_petit_chien_defence": N_(
        "the Petit was in the chien, which goes to the defence in a garde contre"
    ),
    "c_petit_chien_taker": N_(
        "the Petit was in the chien of a garde sans, which counts for the taker: it is in his pile"
    ),
    "c_chelem_defence_announce": N_(
        "{seat} is in the defence: only the taker's camp announces a chelem"
    ),
    "c_every_trick": N_("every_trick: attack, defence or nothing, not {value}"),
    "c_petit_au_bout": N_("petit_au_bout: attack, defence or nothing, not {value}"),
    "c_pab_in_chien": N_(
        "the Petit stayed in the chien (nobody sees it in a garde sans or contre): "
        "it cannot be played au bout"
    ),
    "c_pab_attack_pile": N_(
        "the attack won the last trick with the Petit, so the Petit is in its pile"
    ),
    "c_pab_defence_pile": N_(
        "the defence won the last trick with the Petit, so the Petit is in its pile"
    ),
    "c_pab_chelem": N_("a camp that took every trick also took the last one"),
    "c_call_only_five": N_("a card is called only with 5 players"),
    "c_call_needed": N_(
        "with 5 players enter the called card (a King, or a Queen … when he holds the Kings)"
    ),
    "c_called_card": N_(
        "the called card is a King (or a Queen, a Cavalier, a Valet), not {called_card}"
    ),
    "c_chelem_attack_points": N_(
        "a chelem of the attack leaves the defence at most its Excuse (4 points): "
        "the attack has 91 or 87 points, not {points}"
    ),
    "c_chelem_defence_points": N_(
        "a chelem of the defence in a garde contre leaves the attack at most its Excuse "
        "(4 points), not {points}"
    ),
    "c_chelem_attack_bouts": N_(
        "a chelem of the attack holds every card but the defence's Excuse: 91 points with "
        "the 3 bouts, or 87 points with 2 bouts, the Petit and the 21 (the defence kept "
        "its Excuse); entered: {points} points, bouts: {bouts}"
    ),
    "c_chelem_contre_points": N_(
        "in a garde contre the chien ({size} cards) counts for the defence: a chelem of the "
        "attack has at most {most} points, not {points}"
    ),
    "c_chelem_ecart_points": N_(
        "a chelem of the defence leaves the taker's camp only its écart ({size} cards, "
        "neither King nor bout) and its own Excuse: at most {most} points, not {points}"
    ),
    "c_chelem_ecart_bouts": N_(
        "a chelem of the defence leaves the taker's camp only its écart, where no bout may "
        "go, and its own Excuse: {bouts} bouts are impossible"
    ),
    "c_chelem_chien_points": N_(
        "a chelem of the defence leaves the taker's camp only the chien ({size} cards) and "
        "its own Excuse: at most {most} points, not {points}"
    ),
    "c_pile_short": N_(
        "the taker's pile holds at least the écart or the chien ({size} cards); this one "
        "holds {count}"
    ),
    "c_pile_contre": N_(
        "in a garde contre the taker's pile holds whole tricks ({players} cards each), or "
        "the Excuse alone when his camp took no trick; this one holds {count}"
    ),
    "c_poignees_list": N_("poignees: a list of [seat, level]"),
    "c_poignee_item": N_("each poignée is [seat, level]"),
    "c_poignee_level": N_("a poignée is simple, double or triple, not {value}"),
    "c_poignee_twice": N_("{seat} shows one poignée, before his first card"),
    "c_poignees_trumps": N_(
        "these poignées show {count} trumps: there are only 21 trumps and the Excuse"
    ),
    "c_names_count": N_("one name per seat: {players} names"),
    "c_name_length": N_("name {number}: 1 to {most} characters"),
    "c_names_different": N_("each player a different name"),
    "c_card_needed": N_("{what}: a card such as KS, 10H, T21, EX"),
    "c_not_a_card": N_("{what}: {value} is not a card (7S, KH, 7C, K♥, 21, Excuse)"),
    "c_card_ambiguous": N_(
        "{what}: {value} reads two ways, {first} or {second}: type the suit as a symbol "
        "(♥, ♣) or in words (Roi de cœur, King of clubs)"
    ),
    "c_pile_list": N_("pile: a list of cards"),
    "c_pile_twice": N_("{card} is in the pile twice"),
    "c_number": N_("{what}: a number"),
    "c_plain_number": N_("{what}: a plain number such as 41 or 40.5, not {value}"),
    "c_empty_field": N_("{what}: the field is empty"),
    "c_nothing_to_redo": N_("nothing to redo: an entry is redone right after it was undone"),
    "c_half_points": N_("{what}: card points are a multiple of 0.5, not {value}"),
    "c_points_bounds": N_("{what}: 0 to 91 (the pack counts 91 points), not {value}"),
    "c_whole_number": N_("{what}: a whole number from {low} to {high}, not {value}"),
    "c_entry_order": N_("evening {evening}: entry {number} is out of order"),
    "c_setup_object": N_("the request: an object {{players, names, profile, rules}}"),
    "c_setup_field": N_("{field}: not a field of an evening"),
    "c_setup_profile": N_("profile: a name; rules: an object of ⚙ settings"),
}
"""Each kind of refusal and its English template, the parameters by name."""

LABELS: dict[str, str] = {
    "empty field": N_("empty field"),  # a value left empty, not quoted as ''
    # what a player tries to do
    "drawing for the dealer": N_("drawing for the dealer"),
    "shuffling": N_("shuffling"),
    "cutting": N_("cutting"),
    "dealing a packet": N_("dealing a packet"),
    "putting a card in the chien": N_("putting a card in the chien"),
    "showing the chien": N_("showing the chien"),
    "picking up the cards": N_("picking up the cards"),
    "announcing a Petit sec": N_("announcing a Petit sec"),
    "dealing": N_("dealing"),
    "Bid": N_("bidding"),
    "CallCard": N_("calling a card"),
    "Discard": N_("discarding"),
    "ChelemDecision": N_("announcing a chelem"),
    "PoigneeShown": N_("showing a poignée"),
    "CardPlayed": N_("playing a card"),
    "Draw": N_("drawing for the dealer"),
    "Shuffle": N_("shuffling"),
    "CutPack": N_("cutting"),
    "DealPack": N_("dealing a packet"),
    "ShowChien": N_("showing the chien"),
    "AnnouncePetitSec": N_("announcing a Petit sec"),
    "Contribute": N_("giving a random value"),
    "MakeEcart": N_("making the écart"),
    # the contracts (B2), capitalised as the table and the log name them
    "prise": N_("Prise"),
    "garde": N_("Garde"),
    "garde_sans": N_("Garde sans"),
    "garde_contre": N_("Garde contre"),
    # the faults of the deal (D10–D14) and why a donne is void
    "misdeal": N_("misdeal"),
    "chien_count": N_("wrong chien count"),
    "card_exposed": N_("card turned face up"),
    "early_pickup": N_("early pick-up"),
    "all_pass": N_("all_pass"),
    "petit_sec": N_("petit_sec"),
    # who or what is not a seat
    "the seat at fault": N_("the seat at fault"),
    "barred seat": N_("barred seat"),
    "dealer": N_("dealer"),
    "taker": N_("taker"),
    "partner": N_("partner"),
    "poignée": N_("poignée"),
    "chelem": N_("chelem"),
    "card": N_("card"),
    "called": N_("called card"),
    "pile": N_("pile"),
    "no one": N_("no one"),
}
"""The words a parameter may name by a key (what is tried, a contract, a fault…),
each in English; a text parameter that is one of these keys is shown translated."""

_SEAT = N_("seat {n}")


class Reason(str):
    """Why an action is refused: the rule id, the kind (a key of :data:`TEMPLATES`) and
    its parameters. As a ``str`` it is the English sentence after the rule id.

    >>> why = Reason("E2", "ecart_king")
    >>> why, why.rule, why.text
    ('E2: a King may not go to the écart', 'E2', 'a King may not go to the écart')
    """

    __slots__ = ("kind", "params", "rule")
    rule: str
    kind: str
    params: dict[str, Any]

    def __new__(cls, rule: str, kind: str, /, **params: Any) -> Reason:
        if kind not in TEMPLATES:
            raise KeyError(f"{kind!r} is not a kind of refusal (atout.reasons.TEMPLATES)")
        text = _fill(TEMPLATES[kind], params, _english)
        reason = super().__new__(cls, f"{rule}: {text}")
        reason.rule, reason.kind, reason.params = rule, kind, dict(params)
        return reason

    def __reduce__(self) -> tuple[Any, ...]:
        return _rebuild, (self.rule, self.kind, self.params)

    @property
    def text(self) -> str:
        """The English sentence, without the rule id."""
        return self[len(self.rule) + 2 :]

    def as_json(self) -> dict[str, Any]:
        """``{"rule", "kind", "params"}``, the cards in record notation (``KS``)."""
        return {
            "rule": self.rule,
            "kind": self.kind,
            "params": {name: _json(value) for name, value in self.params.items()},
        }

    def render(
        self, lang: str = "en", seat_name: SeatNames | None = None, *, cards: str | None = None
    ) -> str:
        """See :func:`render`."""
        return render(self, lang, seat_name, cards=cards)


def render(
    reason: Reason,
    lang: str = "en",
    seat_name: SeatNames | None = None,
    *,
    cards: str | None = None,
    with_rule: bool = False,
) -> str:
    """The sentence of ``reason`` in ``lang``, its cards in the form of ``cards`` (by
    default ``lang``: ``R♠``, ``21`` in French) and its seats named by ``seat_name``
    (by default "seat N"). The rule id stays apart for the face to show or link; with
    ``with_rule`` it is put in front, as ``P1: …`` (``P1 : …`` in French)."""
    from atout.i18n import gettext  # late: atout.i18n reads its errors from atout.errors

    def value(name: str, param: Any) -> str:
        return _shown(name, param, lang, cards or lang, seat_name, gettext)

    text = _fill(gettext(lang, TEMPLATES[reason.kind]), reason.params, value)
    if with_rule:
        return gettext(lang, "{rule}: {why}").format(rule=reason.rule, why=text)
    return text


# -- filling the templates -----------------------------------------------------------------


def _rebuild(rule: str, kind: str, params: dict[str, Any]) -> Reason:
    """A reason again, from its pickled parts."""
    return Reason(rule, kind, **params)


def _fill(template: str, params: Mapping[str, Any], show: Callable[[str, Any], str]) -> str:
    """``template`` with each ``{name}`` (and ``{name!r}``, ``{name:.9}``) filled in."""
    names = {field for _, field, _, _ in Formatter().parse(template) if field}
    return template.format(**{name: show(name, params.get(name)) for name in names})


def _english(name: str, value: Any) -> str:
    """A parameter in the English sentence of ``str(reason)``: cards in record
    notation, seats as "seat N"."""
    if isinstance(value, Reason):
        return value.text
    if name in SEAT_PARAMS and _is_number(value):
        return _SEAT.format(n=value)
    if name in SEAT_PARAMS and isinstance(value, list | tuple) and value:
        return ", ".join(_english(name, seat) for seat in value)
    if isinstance(value, Enum):
        value = value.value
    if isinstance(value, str):
        return LABELS.get(value, value)
    if isinstance(value, list | tuple):
        return " ".join(_english(name, item) for item in value)
    if isinstance(value, float):
        return f"{value:g}"
    return "?" if value is None else str(value)


_THE_EXCUSE = N_("the Excuse")


def _shown(
    name: str,
    value: Any,
    lang: str,
    cards: str,
    seat_name: SeatNames | None,
    gettext: Callable[[str, str], str],
) -> str:
    """A parameter in the sentence for a reader of ``lang``."""
    if isinstance(value, Reason):
        return render(value, lang, seat_name, cards=cards)
    if name in SEAT_PARAMS and _is_number(value):
        return _seat(value, lang, seat_name, gettext)
    if name in SEAT_PARAMS and isinstance(value, list | tuple) and value:
        return ", ".join(_seat(seat, lang, seat_name, gettext) for seat in value)
    if name == "called_card" and getattr(value, "is_excuse", False) and cards in ("fr", "en"):
        return gettext(cards, _THE_EXCUSE)  # B4: a card named, not its mark "Ex"
    display = getattr(value, "display", None)
    if callable(display):  # a card or a set of cards
        return str(display(cards))
    if isinstance(value, Enum):
        value = value.value
    if isinstance(value, str):
        return gettext(lang, LABELS[value]) if value in LABELS else value
    if isinstance(value, list | tuple):
        return " ".join(_shown(name, item, lang, cards, seat_name, gettext) for item in value)
    if isinstance(value, float):  # points: 45.5, 45,5 in French
        return f"{value:g}".replace(".", ",") if lang == "fr" else f"{value:g}"
    return "?" if value is None else str(value)


def _seat(
    seat: int, lang: str, seat_name: SeatNames | None, gettext: Callable[[str, str], str]
) -> str:
    if seat_name is not None:
        try:
            name = seat_name(seat) if callable(seat_name) else str(seat_name[seat])
        except (LookupError, TypeError):
            name = ""  # a seat the face does not name: its number
        if name:
            return name
    return gettext(lang, _SEAT).format(n=seat)


def _is_number(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and not hasattr(value, "display")


def _json(value: Any) -> Any:
    if isinstance(value, Reason):
        return value.as_json()
    if isinstance(value, Enum):
        return value.value
    if hasattr(value, "display"):  # a card or a set of cards: record notation
        return str(value)
    if isinstance(value, list | tuple):
        return [_json(item) for item in value]
    if value is None or isinstance(value, bool | int | float | str):
        return value
    return str(value)
