"""The commands' help, in the reader's language: ``atout play --help`` explains every bot
level in one line, and every command, option and argument says what it does in French
to a French reader (LC_ALL, LC_MESSAGES, LANG), as ``atout rules`` speaks."""

from __future__ import annotations

from typing import Any

import pytest
import typer

from atout import bot_levels
from atout.bots import BOTS
from atout.cli import app
from atout.cli.root import speak
from atout.i18n import gettext
from tests.cli_helpers import run


def reader(monkeypatch: pytest.MonkeyPatch, lang: str) -> None:
    """The person at the terminal reads ``lang``."""
    for name in ("LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "fr_FR.UTF-8" if lang == "fr" else "en_GB.UTF-8")


def level_lines(text: str) -> dict[str, str]:
    """The bot levels listed in a help text: ``{level: its explanation}``."""
    found = {}
    for line in text.splitlines():
        words = line.split(maxsplit=1)
        if line.startswith("    ") and len(words) == 2 and words[0] in BOTS:
            found[words[0]] = words[1]
    return found


@pytest.mark.parametrize(
    ("lang", "cheat"),
    [("en", "sees every hand (in atout arena): for study only"),
     ("fr", "voit toutes les mains (atout arena) : pour l'étude seulement")],
)  # fmt: skip
def test_play_help_explains_every_bot_level(
    lang: str, cheat: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    reader(monkeypatch, lang)
    code, out, _ = run(capsys, "play", "--help")
    levels = level_lines(out)
    assert code == 0
    assert list(levels) == list(BOTS), "every level, in the order of atout.bots.BOTS"
    assert levels["search-cheat"] == cheat
    for level, text in levels.items():
        assert text == gettext(lang, bot_levels.level(level).line), level
        assert len(f"    {level:<15}{text}") <= 80, f"{level}: wider than a terminal"


def test_every_level_has_its_line() -> None:
    """A new level of :data:`atout.bots.BOTS` needs its line in ``atout play --help``."""
    assert [lv.name for lv in bot_levels.LEVELS] == list(BOTS)


def test_the_summaries_speak_the_readers_language(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    reader(monkeypatch, "fr")
    code, out, _ = run(capsys, "--help")
    assert code == 0
    assert "Le Tarot selon les règles officielles" in out
    assert "deal        Distribuer les cartes comme le dit La Donne" in out
    assert "stats       Combien de fois" in out
    assert "--help     Afficher ce message et quitter." in out
    code, out, _ = run(capsys, "stats", "merge", "--help")
    assert code == 0 and "Additionner les tranches d'un calcul" in out
    reader(monkeypatch, "en")
    code, out, _ = run(capsys, "--help")
    assert "deal        Deal the cards as La Donne says" in out and "Distribuer" not in out


def helps(command: Any, path: str = "atout") -> dict[str, str]:
    """Every help text of ``command`` and its subcommands: ``{where: text}``."""
    found = {path: command.help}
    for param in command.params:
        if getattr(param, "help", None):
            found[f"{path} {param.name}"] = param.help
    for name, sub in getattr(command, "commands", {}).items():
        found |= helps(sub, f"{path} {name}")
    return found


def test_every_help_text_is_said_in_french() -> None:
    """A command's or an option's help given without its translation (a text not
    marked for the catalogues, or not translated) stays English: found here."""
    english = helps(typer.main.get_command(app))
    command = typer.main.get_command(app)
    speak(command, "fr")
    french = helps(command)
    assert english.keys() == french.keys()
    untranslated = [where for where, text in english.items() if french[where] == text]
    assert not untranslated, f"help in English only: {untranslated}"
