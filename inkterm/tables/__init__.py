"""Shared tables: one table, many terminals.

The SSH server process owns every table (``manager``) and serves it over a Unix
socket in its data directory (``channel``); each session's app talks to it with
``client`` and drives the table through ``remote.RemoteTable``, which answers to
the same interface as a local game state. Nothing here imports Textual.
"""
