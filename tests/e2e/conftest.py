import pytest

from tools.lab.processes import lan_namespace

lan = pytest.fixture(scope="module")(lan_namespace)
