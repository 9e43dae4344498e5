"""Bytes and YAML to an :class:`~generator.reading.events.Event`: the TRF records, event.yml,
notes, and their assembly into the model with every diagnostic at its line and column. Only
``events`` opens files. Sits above ``rules`` because it parses tie-break codes."""
