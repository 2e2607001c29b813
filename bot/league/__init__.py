"""league."""
