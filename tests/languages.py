"""A test read in Chinese and then in Japanese: the ``lang`` fixture switches this
process's language for the test and back to English after it. Import it into a test
module (``from tests.languages import lang``) to use it there."""
from __future__ import annotations

import pytest

from inkterm import i18n


@pytest.fixture(params=["zh", "ja"])
def lang(request):
    i18n.use(request.param)
    yield request.param
    i18n.use("en")
