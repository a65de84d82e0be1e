"""Turning a seat's view into something a terminal can show.

A game may ship ``tabletop/games/<package>/render.py`` (``<package>`` is the
game id with ``-`` replaced by ``_``) defining ``render(view: dict) ->
rich.console.RenderableType``; :func:`renderer_for` uses it when it exists and
falls back to :func:`render_generic`, which lays out any JSON view as a tree
with tables.  Renderers only ever receive a view, so they cannot show what
the seat may not know.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping, Sequence
from typing import Any, cast

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text
from rich.tree import Tree

from tabletop.engine import JSON

Renderer = Callable[[Any], RenderableType]

#: Keys the generic renderer leaves out: the command line prints the log
#: incrementally, so repeating it with every board would drown the board.
SKIPPED_KEYS = frozenset({"log"})

_SCALARS = (str, int, float, bool, type(None))


def _scalar(value: JSON) -> Text:
    """A scalar as plain text (never parsed as Rich markup)."""
    if value is None:
        return Text("-", style="dim")
    if isinstance(value, bool):
        return Text("yes" if value else "no")
    return Text(str(value))


def _is_scalar_list(value: JSON) -> bool:
    return isinstance(value, list) and all(isinstance(v, _SCALARS) for v in value)


def _is_record_list(value: JSON) -> bool:
    """A non-empty list of flat objects: shown as a table, one row each."""
    return (
        isinstance(value, list)
        and bool(value)
        and all(
            isinstance(v, dict)
            and all(isinstance(x, _SCALARS) or _is_scalar_list(x) for x in v.values())
            for v in value
        )
    )


def _inline(value: JSON) -> Text:
    if _is_scalar_list(value):
        return Text("[") + Text(", ").join(_scalar(v) for v in value) + Text("]")
    return _scalar(value)


def _table(rows: Sequence[Mapping[str, JSON]]) -> Table:
    columns: list[str] = []
    for row in rows:
        columns.extend(k for k in row if k not in columns)
    table = Table(show_edge=False, pad_edge=False, header_style="bold")
    table.add_column("#", style="dim", justify="right")
    for name in columns:
        table.add_column(name)
    for index, row in enumerate(rows):
        table.add_row(str(index), *(_inline(row.get(name)) for name in columns))
    return table


def _add(tree: Tree, label: str, value: JSON) -> None:
    """Attach ``value`` under ``tree`` with the given label."""
    key = Text(label, style="bold")
    if isinstance(value, _SCALARS) or _is_scalar_list(value):
        tree.add(key + Text(": ") + _inline(value))
    elif _is_record_list(value):
        tree.add(key).add(_table(value))
    elif isinstance(value, dict):
        branch = tree.add(key)
        if not value:
            branch.add(Text("(empty)", style="dim"))
        for name, item in value.items():
            _add(branch, str(name), item)
    elif isinstance(value, list):
        branch = tree.add(key)
        for index, item in enumerate(value):
            _add(branch, str(index), item)
    else:  # not JSON data: show it rather than fail
        tree.add(key + Text(": ") + Text(repr(value)))


def render_generic(view: JSON) -> RenderableType:
    """Any JSON view as a tree: scalars inline, lists of flat objects as tables.

    >>> from rich.console import Console
    >>> console = Console(width=60, color_system=None)
    >>> with console.capture() as cap:
    ...     console.print(render_generic({"round": 2, "hand": [1, 3], "log": ["x"]}))
    >>> print(cap.get().strip())
    view
    ├── round: 2
    └── hand: [1, 3]
    """
    tree = Tree(Text("view", style="bold"), guide_style="dim")
    if isinstance(view, dict):
        for name, item in view.items():
            if name not in SKIPPED_KEYS:
                _add(tree, str(name), item)
    else:
        _add(tree, "value", view)
    return tree


def renderer_for(game_id: str) -> Renderer:
    """The game's own ``render`` if its package has a ``render`` module, else the generic one."""
    module_name = f"tabletop.games.{game_id.replace('-', '_')}.render"
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as exc:
        # Only "this game has no renderer" falls back; a renderer that fails
        # to import one of *its* dependencies is a bug worth seeing.
        missing = exc.name or ""
        if module_name == missing or module_name.startswith(missing + "."):
            return render_generic
        raise
    render = getattr(module, "render", None)
    return cast(Renderer, render) if callable(render) else render_generic


def render_log(entries: Sequence[str]) -> RenderableType:
    """Log lines as plain text (game text is never read as markup)."""
    return Group(*(Text("· ") + Text(str(entry)) for entry in entries))
