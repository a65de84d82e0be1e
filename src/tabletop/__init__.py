"""tabletop: modern strategy board games for people and programs."""

__version__ = "0.1.0"
