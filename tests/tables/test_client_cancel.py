"""A request cancelled just as its answer arrives is cancelled. The Join list refreshes
on a timer; closing the screen cancels the timer and waits for it to end. On Python
3.11 ``asyncio.wait_for`` returned the answer instead (the cancellation lost): the
timer refreshed on, the screen never closed, and the app, waiting on that close to
show the table, took no more keys (a seat stuck at its first turn)."""
from __future__ import annotations

import asyncio

import pytest

from inkterm.tables.client import TableClient
from inkterm.tables.protocol import ListTables, Ok


async def test_a_request_cancelled_as_its_answer_arrives_raises_cancelled(service):
    client = await TableClient.connect(str(service.path), service.issue_token("ann"))
    client._task.cancel()  # nothing read from the server: the answer is made here
    asking = asyncio.create_task(client.request(ListTables()))
    while not client._waiting:
        await asyncio.sleep(0)
    (rid, answer), = client._waiting.items()
    answer.set_result(Ok(re=rid, tables=[]))  # the answer and the cancel, in one turn
    asking.cancel()
    with pytest.raises(asyncio.CancelledError):
        await asking
    await client.close()
