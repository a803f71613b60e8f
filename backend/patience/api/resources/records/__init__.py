"""The records resource: verify a Patience record (``docs/record.md``)."""
