"""`memoryd ui`: a local web view of what memoryd holds, what it gave the agent and what it learned.

A separate process and a client of the daemon's socket like the CLI; Starlette, uvicorn and Jinja2 are
imported only when `memoryd ui` runs (the CLI and hooks never load them).
"""
