"""Terra Mystica (work in progress).

So far: component data and the Snellman notation and ledgers; the rules
engine is not registered yet.
"""
