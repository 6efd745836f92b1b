"""What every widget of the course does the same way, whatever it shows.

A widget holds its ipywidgets tree in ``widget`` and says in words what it shows in its
``__repr__``. :class:`Widget` gives it the habits they all share: its buttons and controls
are wired to what they do in one way (:meth:`Widget._button`, :meth:`Widget._on_change`),
nothing a user does raises out of a callback (the error is written where the widget says
what happened, see :meth:`Widget._report`), and a saved notebook opened without a kernel
shows the widget's words, not ipywidgets' placeholder.

Examples
--------
>>> class Echo(Widget):
...     def __init__(self):
...         self.said = ""
...     def _report(self, message):
...         self.said = message
>>> echo = Echo()
>>> echo._safely(lambda: 1 / 0)
>>> echo.said
'<b>Error:</b> ZeroDivisionError: division by zero'
"""

from __future__ import annotations

import html
from collections.abc import Callable
from typing import Any

__all__ = ["Widget"]


class Widget:
    """Base class of the course's widgets: safe callbacks and a text form (see the module)."""

    widget: Any  # the ipywidgets tree that is displayed

    def _report(self, message: str) -> None:
        """Show ``message`` (HTML) where the widget says what happened."""
        raise NotImplementedError

    def _safely(self, action: Callable[[], Any]) -> None:
        """Run a callback's ``action``; report an error instead of raising it."""
        try:
            action()
        except Exception as error:  # never raise out of a widget callback
            self._report(f"<b>Error:</b> {type(error).__name__}: {html.escape(str(error))}")

    def _button(self, action: Callable[[], Any], **options: Any) -> Any:
        """An ``ipywidgets.Button`` (``options``: description, icon, tooltip, layout, ...)
        whose click runs ``action``, safely."""
        import ipywidgets as w

        button = w.Button(**options)
        button.on_click(lambda _: self._safely(action))
        return button

    def _on_change(self, control: Any, action: Callable[..., Any]) -> None:
        """Run ``action(value)``, safely, whenever the user changes ``control``'s value."""
        control.observe(lambda change: self._safely(lambda: action(change["new"])),
                        names="value")

    def _repr_mimebundle_(self, **kwargs: Any) -> dict:
        bundle = self.widget._repr_mimebundle_(**kwargs) or {}
        bundle["text/plain"] = repr(self)
        return bundle
