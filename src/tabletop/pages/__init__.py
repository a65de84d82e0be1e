"""The browser pages: the lobby, the tables (each game on its SVG board, moves made by
clicking), replays, leaderboards and players' pages.

The pages sit on the server (:mod:`tabletop.server`): they read through the same lobby
functions and the same per-seat state the JSON API gives, and every write goes through
the API itself (the page's scripts send JSON with the session's CSRF header).  A board is
drawn by the game's ``svg`` module from the seat's view alone (see :mod:`.boards`).
"""
