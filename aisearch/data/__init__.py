"""Data files shipped with the package: chess test suites (``wac.epd``, Win At Chess)."""
