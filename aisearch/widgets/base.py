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

__all__ = ["Widget", "Stepping"]


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


class Stepping(Widget):
    """A widget that shows its model at a position from 0 to :meth:`_end`, chosen with a
    slider and the controls linked to it (a ``Play`` widget), or with buttons.

    The model's position is the one truth: whatever a user sets a control's value, ``min``
    or ``max`` to, the model follows the slider, kept in range, and the controls and the
    picture are put back where the model stands, each control on its whole range (0 to
    :meth:`_end`). A subclass calls :meth:`_follow` with its controls and moves the model
    with :meth:`_sync` (``self._sync(self.model.goto(i))``).

    Examples
    --------
    >>> from aisearch import Recorder, alphabeta, fig5_2
    >>> from aisearch.widgets import SearchStepper
    >>> rec = Recorder()
    >>> _ = alphabeta(fig5_2, fig5_2.initial, tracer=rec)
    >>> stepper = SearchStepper(rec, dpi=30)
    >>> stepper.goto(6)
    >>> stepper.slider.max = 5  # code lowers the maximum below the event shown
    >>> stepper.model.index, stepper.slider.value, stepper.slider.max
    (5, 5, 42)
    """

    model: Any  # its goto(i) moves it to position i and returns i
    _syncing = False  # (while the controls are put back, their observers do nothing)
    _controls: tuple[Any, ...] = ()

    def _end(self) -> int:
        """The last position the model can be at."""
        raise NotImplementedError

    def _show(self) -> None:
        """Redraw every view from the model."""
        raise NotImplementedError

    def _follow(self, slider: Any, *linked: Any) -> None:
        """Let ``slider`` move the model, and put back a range changed by hand on it and on
        the ``linked`` controls (which move the slider themselves)."""
        self._controls = (slider, *linked)
        self._on_change(slider, self._moved)
        for control in self._controls:
            control.observe(lambda _: self._safely(lambda: self._moved(slider.value)),
                            names=["min", "max"])

    def _sync(self, i: int) -> None:
        """Put the controls at position ``i`` (where the model stands), on their whole range,
        and redraw: the model, the controls and the picture always show the same position."""
        n = self._end()
        self._syncing = True
        try:
            for control in self._controls:
                if (control.min, control.max) != (0, n):
                    control.max = max(control.max, 0)  # (so that min can be 0)
                    control.min, control.max = 0, n
                if control.value != i:
                    control.value = i
        finally:
            self._syncing = False
        self._show()

    def _moved(self, value: int) -> None:
        """The slider moved to ``value``, or a control's range was changed: the model
        follows the slider, kept in range."""
        if self._syncing:
            return
        self._sync(self.model.goto(min(max(int(value), 0), self._end())))
