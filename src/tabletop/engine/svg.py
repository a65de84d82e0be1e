"""What every game's drawing shares: SVG documents built with ElementTree from a view.

The games draw their views (``games/<game>/svg.py``) and may not import each other, so
the few helpers they all need live here, below them and free of any game's knowledge:
reading a view defensively (anything of an unexpected type reads as nothing), text made
safe for XML, the document with its ``<title>`` and ``<desc>``, text, rectangles, hexagon
corners, and the titled group that a move can be made on (``data-target``).

ElementTree escapes text and attributes, so a name typed by a person never becomes
markup; it does pass characters XML 1.0 cannot hold at all, which :func:`xml_safe`
replaces.

>>> root = document("demo", "A demo")
>>> piece = group(root, "piece", "a red piece on E5", "hex:E5")
>>> _ = text(piece, 10, 20.25, "R", bold=True)
>>> print(finish(root, "one red piece", 40, 30))  # doctest: +NORMALIZE_WHITESPACE
<svg xmlns="http://www.w3.org/2000/svg" class="demo" role="group" font-family="sans-serif"
 viewBox="0 0 40 30"><title>A demo</title><desc>one red piece</desc><g class="target piece"
 data-target="hex:E5" tabindex="0" role="button" aria-label="a red piece on E5"><title>a red
 piece on E5</title><text x="10" y="20.2" font-size="12" font-weight="bold">R</text></g></svg>
"""

from __future__ import annotations

import math
import re
import xml.etree.ElementTree as ET
from collections.abc import Container, Mapping
from typing import Any, Final

SVG_NS: Final = "http://www.w3.org/2000/svg"
#: Characters XML 1.0 cannot hold at all (escaping does not help).
_NOT_XML: Final = re.compile("[^\t\n\r\x20-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")


# -- reading a view defensively -------------------------------------------------------------


def as_dict(value: Any) -> dict[str, Any]:
    """``value`` if it is a dict, else an empty one.

    >>> as_dict({"a": 1}), as_dict([1])
    ({'a': 1}, {})
    """
    return value if isinstance(value, dict) else {}


def as_list(value: Any, limit: int | None = None) -> list[Any]:
    """``value`` if it is a list (its first ``limit`` items), else an empty one.

    >>> as_list([1, 2, 3], 2), as_list("abc")
    ([1, 2], [])
    """
    if not isinstance(value, list):
        return []
    return value if limit is None else value[:limit]


def as_int(value: Any) -> int | None:
    """``value`` if it is an int (a bool is not), else None.

    >>> as_int(3), as_int(True), as_int("3")
    (3, None, None)
    """
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def int_or(value: Any, default: int = 0) -> int:
    """``value`` if it is an int, else ``default``.

    >>> int_or(7), int_or(None), int_or(2.5, -1)
    (7, 0, -1)
    """
    number = as_int(value)
    return default if number is None else number


def clamp(value: Any, low: int, high: int) -> int:
    """An int of the view held to ``low..high`` (anything else reads as 0 first): a huge
    number would not even print.

    >>> clamp(10**100, 0, 99), clamp(-5, 0, 99), clamp("x", 1, 9)
    (99, 0, 1)
    """
    return max(low, min(high, int_or(value)))


def known(value: Any, names: Container[str] | Mapping[str, Any]) -> str | None:
    """``value`` if it is one of ``names`` (only known names reach the markup).

    >>> known("oil", ("food", "oil")), known("<b>", ("food", "oil")), known(3, {"a": 1})
    ('oil', None, None)
    """
    return value if isinstance(value, str) and value in names else None


# -- words ----------------------------------------------------------------------------------


def xml_safe(text: str) -> str:
    """``text`` with the characters XML cannot hold replaced by ``?``.

    >>> xml_safe("a\\x00b\\x1bc")
    'a?b?c'
    """
    return _NOT_XML.sub("?", text)


def shorten(text: str, limit: int) -> str:
    """``text`` cut to ``limit`` characters, an ellipsis marking the cut.

    >>> shorten("Brian Boru", 20), shorten("Brian Boru", 6)
    ('Brian Boru', 'Brian…')
    """
    return text if len(text) <= limit else text[: limit - 1] + "…"


def plural(count: int, word: str) -> str:
    """
    >>> plural(1, "coin"), plural(3, "coin")
    ('1 coin', '3 coins')
    """
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


def wrap(text: str, width: int) -> list[str]:
    """Words of ``text`` in lines of at most ``width`` characters (a longer word alone).

    >>> wrap("gain 2 coins and a worker", 10)
    ['gain 2', 'coins and', 'a worker']
    """
    lines: list[str] = []
    line = ""
    for word in text.split():
        if line and len(line) + 1 + len(word) > width:
            lines.append(line)
            line = word
        else:
            line = f"{line} {word}" if line else word
    return [*lines, line] if line else lines


def ink(fill: str) -> str:
    """Black or white text, whichever reads better on ``fill`` (``#rrggbb``).

    >>> ink("#f2d45c"), ink("#3b3b3b")
    ('#000', '#fff')
    """
    channels = [int(fill[k : k + 2], 16) / 255 for k in (1, 3, 5)]
    linear = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    luminance = 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]
    return "#000" if luminance > 0.179 else "#fff"


# -- markup ---------------------------------------------------------------------------------


def number(value: object) -> str:
    """An attribute's value: a float to one decimal (none when it is whole), as text.

    >>> number(3), number(2.25), number(4.0), number("none")
    ('3', '2.2', '4', 'none')
    """
    return f"{value:.1f}".removesuffix(".0") if isinstance(value, float) else str(value)


def element(
    parent: ET.Element, tag: str, attrs: Mapping[str, object] | None = None, text: str = ""
) -> ET.Element:
    """A child element; attribute values through :func:`number`, text made XML-safe."""
    child = ET.SubElement(parent, tag, {k: number(v) for k, v in (attrs or {}).items()})
    if text:
        child.text = xml_safe(text)
    return child


def text(
    parent: ET.Element,
    x: float,
    y: float,
    words: str,
    *,
    size: float = 12,
    anchor: str = "start",
    fill: str = "#000",
    cls: str = "",
    bold: bool = False,
) -> ET.Element:
    """A ``<text>`` whose baseline starts (or, by ``anchor``, is centred or ends) at x, y."""
    attrs: dict[str, object] = {"x": float(x), "y": float(y), "font-size": float(size)}
    if anchor != "start":
        attrs["text-anchor"] = anchor
    if fill != "#000":
        attrs["fill"] = fill
    if cls:
        attrs["class"] = cls
    if bold:
        attrs["font-weight"] = "bold"
    return element(parent, "text", attrs, words)


def rect(
    parent: ET.Element,
    x: float,
    y: float,
    width: float,
    height: float,
    fill: str,
    *,
    stroke: str = "#555",
    rx: float = 4,
    cls: str = "",
    dashed: bool = False,
) -> ET.Element:
    """A rectangle with rounded corners (``rx``); ``dashed``: a dashed outline."""
    attrs: dict[str, object] = {
        "x": float(x),
        "y": float(y),
        "width": float(width),
        "height": float(height),
        "rx": float(rx),
        "fill": fill,
        "stroke": stroke,
    }
    if cls:
        attrs["class"] = cls
    if dashed:
        attrs["stroke-dasharray"] = "4 3"
    return element(parent, "rect", attrs)


def corners(x: float, y: float, size: float) -> str:
    """The ``points`` of a pointy-top hexagon centred on x, y (``size``: centre to corner).

    >>> corners(0, 0, 10).split()[:2]
    ['8.7,-5.0', '8.7,5.0']
    """
    points = []
    for k in range(6):
        angle = math.radians(60 * k - 30)
        points.append(f"{x + size * math.cos(angle):.1f},{y + size * math.sin(angle):.1f}")
    return " ".join(points)


def group(parent: ET.Element, cls: str, label: str, target: str | None = None) -> ET.Element:
    """A ``<g>`` titled ``label`` (a piece says in words what it is); with ``target``, an
    element a move can be made on: ``data-target``, the class ``target``, focusable, a
    button to assistive technology, labelled ``label``.

    >>> piece = group(ET.Element("svg"), "town", "NUN-3, a red town", "town:NUN-3")
    >>> piece.get("class"), piece.get("tabindex"), piece.find("title").text
    ('target town', '0', 'NUN-3, a red town')
    """
    piece = ET.SubElement(parent, "g", {"class": cls})
    ET.SubElement(piece, "title").text = xml_safe(label)
    if target is not None:
        clickable(piece, target, label)
    return piece


def clickable(piece: ET.Element, target: str, label: str) -> None:
    """Make ``piece`` an element a move can be made on: its ``data-target``, the class
    ``target`` (the page marks the playable ones), focusable, a button labelled ``label``
    to assistive technology.

    >>> hexagon = ET.Element("g", {"class": "cell"})
    >>> clickable(hexagon, "hex:E5", "hex E5: forest")
    >>> sorted(hexagon.attrib.items())  # doctest: +NORMALIZE_WHITESPACE
    [('aria-label', 'hex E5: forest'), ('class', 'target cell'), ('data-target', 'hex:E5'),
     ('role', 'button'), ('tabindex', '0')]
    """
    piece.set("class", f"target {piece.get('class', '')}".strip())
    piece.set("data-target", target)
    piece.set("tabindex", "0")
    piece.set("role", "button")
    piece.set("aria-label", xml_safe(label))


def document(cls: str, title: str, *, style: str = "") -> ET.Element:
    """An ``<svg>`` root with its ``<title>``, an empty ``<desc>`` (:func:`finish` says
    what is drawn) and, if given, a ``<style>``."""
    root = ET.Element(
        "svg", {"xmlns": SVG_NS, "class": cls, "role": "img", "font-family": "sans-serif"}
    )
    ET.SubElement(root, "title").text = xml_safe(title)
    ET.SubElement(root, "desc")
    if style:
        ET.SubElement(root, "style").text = style
    return root


def finish(
    root: ET.Element, said: str, width: float | None = None, height: float | None = None
) -> str:
    """The document as text: its ``<desc>`` says ``said``, its ``viewBox`` is ``width`` by
    ``height`` (when given); a document with targets is a group, not an image (an image's
    children are hidden from assistive technology)."""
    desc = root.find("desc")
    if desc is None:
        desc = ET.Element("desc")
        root.insert(1, desc)
    desc.text = xml_safe(said)
    if width is not None and height is not None:
        root.set("viewBox", f"0 0 {width:.0f} {height:.0f}")
    if root.find(".//*[@data-target]") is not None:
        root.set("role", "group")
    return ET.tostring(root, encoding="unicode")
