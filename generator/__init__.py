"""standings: FIDE tournament results in, an explained standings site out."""

__version__ = "0.1.0"
