"""What an operator can watch: the process's measures in Prometheus's format (the lowest
room, so that every other room can record into it)."""
