"""The web server: HTTP API and WebSockets over the table service and the database."""
