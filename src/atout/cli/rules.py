"""``atout rules``: the rulebook at the terminal, in the reader's language."""

from __future__ import annotations

from typing import Annotated

import typer

from atout.cli.common import Language, UserError, language
from atout.i18n import N_

HELP = N_(
    "The rules of French Tarot: every rule id and title by chapter, or one rule's "
    "text, settings (⚙) and examples (docs/reference/rules.md)."
)

RuleId = Annotated[
    str | None,
    typer.Argument(metavar="[ID]", help=N_("A rule id such as D5 (any case).")),
]


def rules(rule_id: RuleId = None, lang: Language = None) -> None:
    """``atout rules`` (its help: :data:`HELP`)."""
    from atout import rulebook
    from atout.i18n import said

    told = language(lang)
    if rule_id is not None:
        if rule_id.strip().upper() not in {r.id for r in rulebook.rules()}:
            spans = ", ".join(f"{c.rules[0]}–{c.rules[-1]}" for c in rulebook.chapters())
            raise UserError(
                said(
                    told, "no rule {rule!r}: the rules are {spans}", rule=rule_id[:20], spans=spans
                )
            )
        typer.echo(rulebook.render_rule(rule_id, told))
        return
    title, text = rulebook.introduction()
    lines = [said(told, "{title}: {text}", title=title(told), text=text(told))]
    for chapter in rulebook.chapters():
        lines += ["", chapter.title(told)]
        lines += [f"  {i:<4} {rulebook.rule(i).title(told)}" for i in chapter.rules]
    typer.echo("\n".join(lines))
