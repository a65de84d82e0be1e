"""Scripts for the project's maintainers (run as ``python -m scripts.NAME``)."""
