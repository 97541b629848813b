"""``pytest --cpu-durations=N``: the N tests that cost the most CPU, and the CPU of each
test folder, for keeping ``make test`` inside its time on a shared machine (where wall
times say more about the neighbours than about the suite).

A test's CPU is its process's (every thread: the in-process SSH server, the table's
bots) plus that of the child processes it waited for (OpenSSH clients, Chromium,
PostgreSQL), from setup to teardown. ``--cpu-durations-json=PATH`` also writes every
test's figure, for comparing two runs."""
from __future__ import annotations

import json
import os
import time
from collections import defaultdict

import pytest


def pytest_addoption(parser):
    group = parser.getgroup("inkterm")
    group.addoption("--cpu-durations", type=int, default=None, metavar="N",
                    help="show the N tests that cost the most CPU (0 for all) and CPU per folder")
    group.addoption("--cpu-durations-json", default=None, metavar="PATH",
                    help="write every test's CPU seconds to PATH (with --cpu-durations)")


def _cpu() -> float:
    t = os.times()
    return t.user + t.system + t.children_user + t.children_system


class CpuDurations:
    def __init__(self, config):
        self.config = config
        self.started: dict[str, float] = {}
        self.seconds: dict[str, float] = {}

    # In each process that runs tests (each xdist worker, or the only one).
    @pytest.hookimpl(tryfirst=True)
    def pytest_runtest_setup(self, item):
        self.started[item.nodeid] = _cpu()

    @pytest.hookimpl(hookwrapper=True)
    def pytest_runtest_makereport(self, item, call):
        outcome = yield
        if call.when == "teardown" and item.nodeid in self.started:
            outcome.get_result().user_properties.append(
                ("cpu_seconds", _cpu() - self.started.pop(item.nodeid)))

    # In the process that reports (the xdist controller, or the only one).
    def pytest_runtest_logreport(self, report):
        for name, value in report.user_properties:
            if name == "cpu_seconds" and report.when == "teardown":
                self.seconds[report.nodeid] = value

    def pytest_terminal_summary(self, terminalreporter):
        if not self.seconds:
            return
        write = terminalreporter.write_line
        count = self.config.getoption("cpu_durations") or len(self.seconds)
        folders: dict[str, float] = defaultdict(float)
        for nodeid, seconds in self.seconds.items():
            folders[nodeid.split("::")[0].rsplit("/", 1)[0]] += seconds
        terminalreporter.write_sep("=", f"CPU seconds per test folder (total {sum(self.seconds.values()):.0f})")
        for folder, seconds in sorted(folders.items(), key=lambda kv: -kv[1]):
            write(f"{seconds:8.1f}  {folder}")
        terminalreporter.write_sep("=", f"{count} tests that cost the most CPU (seconds)")
        for nodeid, seconds in sorted(self.seconds.items(), key=lambda kv: -kv[1])[:count]:
            write(f"{seconds:8.1f}  {nodeid}")
        path = self.config.getoption("cpu_durations_json")
        if path:
            with open(path, "w") as out:
                json.dump(self.seconds, out, indent=0, sort_keys=True)


def pytest_configure(config):
    if config.getoption("cpu_durations") is not None:
        config.pluginmanager.register(CpuDurations(config), "inkterm-cpu-durations")
