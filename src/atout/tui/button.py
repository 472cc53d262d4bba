"""The table's buttons: Textual's, whose focus is seen without colours too."""

from __future__ import annotations

from textual.content import Content
from textual.geometry import Size
from textual.widgets import Button as TextualButton

from atout.tui.texts import colours

__all__ = ["FOCUS_MARK", "Button"]

FOCUS_MARK = "▸"
"""Before the label of the button (or the setting) that has the focus when the terminal
shows no colours (``NO_COLOR``): reverse alone was lost on some terminals."""


class Button(TextualButton):
    """A button; without colours a :data:`FOCUS_MARK` before its label while it has
    the focus (a blank in its place otherwise, so that the button keeps its width)."""

    def render(self) -> Content:
        label = super().render()
        assert isinstance(label, Content)
        if colours():
            return label
        return Content(FOCUS_MARK if self.has_focus else " ") + label

    def get_content_width(self, container: Size, viewport: Size) -> int:
        """The label's width, and the mark's column without colours."""
        width = super().get_content_width(container, viewport)
        return width if colours() else width + 1
