"""memoryd daemon: socket server, CLI and service integration."""

__version__ = "0.1.0"
