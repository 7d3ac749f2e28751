import pytest

from tests.net.processes import lan_namespace

lan = pytest.fixture(scope="module")(lan_namespace)
