"""A browser tab reads the browser's language (its Accept-Language), as an SSH login
reads its client's LANG: the page's own words, what the door says when it refuses a
tab, and the app. Not the host's locale, nor the Language setting another browser
player saved in the data folder every browser shares."""
from __future__ import annotations

import json
import sys

import pytest

from inkterm.i18n import from_accept_language

pytest.importorskip("textual_serve", reason="the serve extra (textual-serve) is not installed")
aiohttp = pytest.importorskip("aiohttp")

from .test_web import WsScreen, web_server, ws_url_of  # noqa: E402,F401  (fixture)


def test_the_browsers_language_by_weight():
    assert from_accept_language("ja,en-US;q=0.9,en;q=0.8") == "ja"
    assert from_accept_language("en-US,en;q=0.9,zh-CN;q=0.8") == "en"
    assert from_accept_language("fr-FR,zh;q=0.5") == "zh"
    assert from_accept_language("zh;q=0.3, ja;q=0.4") == "ja"
    assert from_accept_language("fr, de;q=0.9") is None
    assert from_accept_language("ja;q=0, zh;q=x") is None
    assert from_accept_language(None) is None


async def test_each_tab_reads_its_browsers_language(web_server, tmp_path, monkeypatch):  # noqa: F811
    monkeypatch.setenv("LC_ALL", "en_US.UTF-8")  # the host's locale picks no one's language
    home = tmp_path / "web-data" / "users" / "web" / "browser"
    home.mkdir(parents=True)
    (home / "settings.json").write_text(json.dumps({"language": "ja"}))  # one player's choice
    url = await web_server("--sessions-per-address", "2", child=f"{sys.executable} -m inkterm")
    async with aiohttp.ClientSession() as session:
        async with session.get(url + "/", headers={"Accept-Language": "ja,en;q=0.5"}) as resp:
            page = await resp.text()
        assert '<html lang="ja">' in page and "セッションは終了しました。" in page and "Session ended" not in page
        async with session.get(url + "/", headers={"Accept-Language": "zh-CN,zh;q=0.9"}) as resp:
            assert "会话已结束。" in await resp.text()
        async with session.ws_connect(ws_url_of(url), headers={"Accept-Language": "zh-CN,zh;q=0.9"}) as zh, \
                session.ws_connect(ws_url_of(url), headers={"Accept-Language": "fr, en;q=0.5"}) as en:
            await WsScreen(zh).wait_for("新游戏", 40)  # Chinese, not the saved Japanese
            await WsScreen(en).wait_for("New game", 40)
            async with session.ws_connect(ws_url_of(url), headers={"Accept-Language": "ja"}) as third:
                await WsScreen(third).wait_for("あなたのアドレスからすでに 2 ゲーム")


async def test_a_real_browser_set_to_japanese_plays_in_japanese(web_server, chromium, monkeypatch):  # noqa: F811
    """Chromium whose language is Japanese (``--accept-lang``, as its settings set it):
    its page and the game in the page's terminal read Japanese (the WebSocket's
    handshake carries the browser's Accept-Language, as the page's request does)."""
    import re

    from . import cdp
    from .conftest import visible

    monkeypatch.setenv("LC_ALL", "en_US.UTF-8")
    monkeypatch.setattr(cdp, "FLAGS", [*cdp.FLAGS, "--accept-lang=ja"])
    url = await web_server(child=f"{sys.executable} -m inkterm")
    async with chromium(url + "/") as browser:
        await browser.wait_until(
            lambda: "新しいゲーム" in visible(browser.websocket_bytes()), timeout=40,
            what="the title in Japanese in the page's terminal")
        assert await browser.evaluate("document.documentElement.lang") == "ja"
        assert re.search("セッションは終了しました", await browser.evaluate("document.body.innerHTML"))
