# The runner lives in the kata package; this file only plugs it into pytest.
pytest_plugins = ["kata.plugin.registration"]
