"""Terra Mystica component data (base game, 14 factions, Snellman ids).

Plain Python tables, built at import; nothing is read from disk.

* :mod:`.terrain` - terrains, transformation wheel, spade distances
* :mod:`.board` - base map, hex names, adjacency, shipping, bridge spots
* :mod:`.cults` - cult tracks, power bonuses, priest spaces, final VP
* :mod:`.factions` - the 14 factions and their boards
* :mod:`.tiles` - power/faction actions, favor, bonus, scoring and town tiles
* :mod:`.common` - resource bundles, building types, shared constants
"""

from tabletop.games.terra_mystica.data.common import Building, Resources
from tabletop.games.terra_mystica.data.cults import Cult
from tabletop.games.terra_mystica.data.factions import FACTIONS, Faction
from tabletop.games.terra_mystica.data.terrain import Terrain

__all__ = ["FACTIONS", "Building", "Cult", "Faction", "Resources", "Terrain"]
