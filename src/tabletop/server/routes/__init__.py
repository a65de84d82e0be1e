"""The API's routers, one per resource, assembled in :mod:`tabletop.server.app`."""
