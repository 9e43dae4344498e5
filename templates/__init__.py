"""The site's Jinja templates and static files, installed as ``generator.templates``.

A club overrides any file here by putting one with the same name in a
``templates/`` folder beside its ``events/`` folder.
"""
